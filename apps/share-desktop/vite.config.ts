import { defineTrackitApp } from '../../tooling/vite-app.js';

export default defineTrackitApp({ base: '/web/', port: 5175 });
