import { defineTrackitApp } from '../../tooling/vite-app.js';

export default defineTrackitApp({ base: '/admin/', port: 5173 });
