import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 mounts its imperative pieces (Toast, Dialog.alert) with ReactDOM.render, which React 19
 * removed; this hands it createRoot instead (https://mobile.ant.design/guide/v5-for-19).
 */
export const enableReact19Render = (): void => {
  unstableSetRender((node, container) => {
    const root = roots.get(container) ?? createRoot(container);
    roots.set(container, root);
    root.render(node);
    return async () => {
      // Unmounting during antd-mobile's own render pass warns; let it finish first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
};
