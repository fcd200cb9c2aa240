import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// Vue renders the poptin-* tags as custom elements rather than looking for Vue components of those names.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('poptin-') } } })],
});
