import { defineTrackitApp } from '../../tooling/vite-app.js';

export default defineTrackitApp({
  base: '/h5/',
  port: 5174,
  forbiddenImports: ['antd', '@ant-design/icons'],
});
