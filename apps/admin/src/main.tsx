import 'antd/dist/reset.css';
import './dayjs-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app';
import { handlePreloadErrors } from './chunk-reload';

handlePreloadErrors();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
