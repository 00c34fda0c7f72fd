import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app';
import { enableReact19Render } from './react-19-render';

dayjs.locale('zh-cn');
enableReact19Render();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
