import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startPrefetching } from './app';

// Before React renders: the page's data is on its way while the page's code downloads.
startPrefetching();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
