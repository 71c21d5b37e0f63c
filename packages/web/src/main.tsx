import { render } from 'preact';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App.js';
import { pageUpdates } from './app/update.js';
import './styles/global.css';

render(<App />, document.getElementById('app')!);
// The service worker that keeps the app for offline use and announces new versions (app/update.ts).
pageUpdates().start(registerSW);
