import 'poptin-elements';
import { defineElements } from 'poptin-elements/define';
import type {} from 'poptin-elements/svelte';
import { mount } from 'svelte';
import App from './App.svelte';

// The elements the app gives objects to (the wheel's prizes) are defined before Svelte first renders them, so
// that Svelte sets those objects as properties instead of writing them out as text.
await defineElements(['poptin-popup', 'poptin-spin-wheel', 'poptin-countdown', 'poptin-chat-button']);
mount(App, { target: document.getElementById('app')! });
