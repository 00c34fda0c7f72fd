import 'antd/dist/reset.css';
import './styles.css';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app';

dayjs.locale('zh-cn');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
