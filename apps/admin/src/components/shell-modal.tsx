import { MODAL_WIDTH } from '@trackit/contract/constants';
import { Modal } from 'antd';
import type { ReactNode } from 'react';

/** The shell's small modals (docs/product.md §9: 382 px wide), centred, without a footer, emptied when closed. */
export function ShellModal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={MODAL_WIDTH}
      centered
      destroyOnHidden
      title={title}
    >
      {children}
    </Modal>
  );
}
