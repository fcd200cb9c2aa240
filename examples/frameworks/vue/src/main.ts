import 'poptin-elements';
import { defineElements } from 'poptin-elements/define';
import type {} from 'poptin-elements/vue';
import { createApp } from 'vue';
import App from './App.vue';

// The elements the app gives objects to (the wheel's prizes) are defined before Vue first renders them, so that
// Vue sets those objects as properties instead of writing them out as text.
await defineElements(['poptin-popup', 'poptin-spin-wheel', 'poptin-countdown', 'poptin-chat-button']);
createApp(App).mount('#app');
