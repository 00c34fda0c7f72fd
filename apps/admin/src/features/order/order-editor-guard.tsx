import { App, Form, Typography } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { editorSnapshot, type OrderEditorValues } from './order-editor-values';

export interface UnsavedChangesProps {
  /** The editor's values as last saved (`editorSnapshot`). */
  savedSnapshot: string;
  /** True once the page itself moves on after saving (submit, cancel): nothing to ask then. */
  leaving: RefObject<boolean>;
}

/**
 * Whether the editor holds changes not saved, said beside its buttons; and, while it does, a question
 * before the member leaves: in the app (the router's blocker) and for the tab (beforeunload). It
 * watches the form on its own, so typing re-renders this line, not the whole editor.
 */
export function UnsavedChanges({ savedSnapshot, leaving }: UnsavedChangesProps) {
  const form = Form.useFormInstance<OrderEditorValues>();
  const snapshot = Form.useWatch((values: OrderEditorValues) => editorSnapshot(values), {
    form,
    preserve: true,
  });
  const dirty = snapshot !== undefined && snapshot !== savedSnapshot;
  const { modal } = App.useApp();

  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocker is a new object on every render; the dialog opens once per blocked navigation.
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '离开此页？',
      content: '订单有未保存的修改，离开后这些修改将丢失。',
      okText: '离开',
      cancelText: '留下',
      okButtonProps: { danger: true },
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state, modal]);
  useEffect(() => {
    if (!dirty) return;
    const handleUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleUnload);
    return () => window.removeEventListener('beforeunload', handleUnload);
  }, [dirty]);

  return (
    <Typography.Text type={dirty ? 'warning' : 'secondary'} data-testid="order-editor-state">
      {dirty ? '有未保存的修改' : '所有修改已保存'}
    </Typography.Text>
  );
}
