import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import type { Calendar } from '@trackit/contract/calendar.schema';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { OrderCreated } from '@trackit/contract/order.schema';
import { Alert, Button, DatePicker, Form, type GetRef, Input, Modal, Result, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { RecordForm } from '../../components/record-form';
import { useCanOpen } from '../../layouts/route-access';
import { useHoldDays } from './calendar.queries';
import type { ResourceRow } from './calendar-layout';
import { CalendarModelSelect } from './calendar-model-select';
import { checkHold, type HoldDraft, holdWarnings } from './calendar-selection';

const HOLD_TITLE_MAX = 100;
const MAX_MODELS = 50;

const timeValue = (time: string): Dayjs => dayjs(`2000-01-01T${time}:00`);

/**
 * A multiple-date picker hands neither `id` nor `aria-*` to its input (@rc-component/picker's
 * SingleSelector renders it bare), so its Form.Item label would name nothing: the id is set on the
 * input itself once it is there. React leaves the attribute alone: it never rendered one.
 */
const idOnMultipleInput = (id: string) => (picker: GetRef<typeof DatePicker> | null) => {
  picker?.nativeElement.querySelector('input')?.setAttribute('id', id);
};

/**
 * 预留档期: the models, days and hours a drag selected (all editable) and an optional title; warns when a
 * chosen model has a trip or a locked entry on a chosen day. Holding makes a draft order, which the member
 * can then open in the order editor.
 */
export function CalendarHoldModal({
  draft: initial,
  calendar,
  names,
  searchable,
  onRemember,
  onClose,
}: {
  draft: HoldDraft;
  calendar: Calendar | undefined;
  names: ReadonlyMap<number, string>;
  searchable: boolean;
  /** Names of models picked from a search, so the page can name them elsewhere too. */
  onRemember: (models: ResourceRow[]) => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const hold = useHoldDays();
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<OrderCreated | null>(null);
  const warnings = useMemo(() => holdWarnings(calendar, draft, names), [calendar, draft, names]);
  const change = (patch: Partial<HoldDraft>) => {
    setProblem(null);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const submit = () => {
    const checked = checkHold(draft);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    hold.mutate(checked.body, { onSuccess: setCreated });
  };

  // The editor needs 订单 at edit, which holding days on the calendar does not.
  const editorRoute = created ? toAdminRoute(ADMIN_PATHS.orderEditor(created.id)) : null;

  return (
    <Modal
      open
      centered
      width={520}
      title="预留档期"
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !hold.isPending }}
      footer={
        created
          ? null
          : [
              <Button key="cancel" onClick={onClose}>
                取消
              </Button>,
              <Button
                key="hold"
                type="primary"
                loading={hold.isPending}
                onClick={submit}
                data-testid="calendar-hold-submit"
              >
                预留
              </Button>,
            ]
      }
    >
      {created ? (
        <Result
          status="success"
          title="已预留档期"
          subTitle={`已新建草稿订单 ${created.number}，可在订单编辑中补充客户、费用等信息。`}
          data-testid="calendar-hold-done"
          extra={[
            <Button key="close" onClick={onClose}>
              关闭
            </Button>,
            editorRoute && canOpen(editorRoute) && (
              <Button
                key="open"
                type="primary"
                onClick={() => navigate(editorRoute)}
                data-testid="calendar-hold-open-editor"
              >
                打开订单编辑
              </Button>
            ),
          ]}
        />
      ) : (
        <RecordForm layout="vertical" data-testid="calendar-hold-form">
          {/* A form of plain state, not of antd fields: each label names its control through an id. */}
          <Form.Item label="模特" htmlFor="calendar-hold-models" required>
            <CalendarModelSelect
              id="calendar-hold-models"
              value={draft.modelIds}
              onChange={(modelIds, picked) => {
                onRemember(picked);
                change({ modelIds });
              }}
              known={names}
              searchable={searchable}
              placeholder="选择模特"
              maxCount={MAX_MODELS}
              style={{ width: '100%' }}
              testId="calendar-hold-models"
            />
          </Form.Item>
          <Form.Item label={`日期（${draft.days.length} 天）`} htmlFor="calendar-hold-days" required>
            <DatePicker
              ref={idOnMultipleInput('calendar-hold-days')}
              multiple
              value={draft.days.map((day) => dayjs(day))}
              format={DATE_FORMATS.date}
              maxTagCount="responsive"
              onChange={(dates: Dayjs[] | null) =>
                change({ days: (dates ?? []).map((date) => date.format(DATE_FORMATS.date)).sort() })
              }
              style={{ width: '100%' }}
              data-testid="calendar-hold-days"
            />
          </Form.Item>
          <Form.Item label="时间" htmlFor="calendar-hold-start" required>
            <TimePicker.RangePicker
              id={{ start: 'calendar-hold-start', end: 'calendar-hold-end' }}
              format={DATE_FORMATS.time}
              minuteStep={15}
              allowClear={false}
              order
              value={[timeValue(draft.startTime), timeValue(draft.endTime)]}
              onChange={(times) => {
                const [start, end] = times ?? [];
                if (start && end) {
                  change({
                    startTime: start.format(DATE_FORMATS.time),
                    endTime: end.format(DATE_FORMATS.time),
                  });
                }
              }}
              style={{ width: '100%' }}
              data-testid="calendar-hold-times"
            />
          </Form.Item>
          <Form.Item label="标题（选填）" htmlFor="calendar-hold-title-input">
            <Input
              id="calendar-hold-title-input"
              value={draft.title}
              maxLength={HOLD_TITLE_MAX}
              showCount
              placeholder="如：春季新品拍摄"
              onChange={(event) => change({ title: event.target.value })}
              data-testid="calendar-hold-title"
            />
          </Form.Item>
          {warnings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title="以下档期可能冲突，仍可预留"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              }
              style={{ marginBottom: 12 }}
              data-testid="calendar-hold-warnings"
            />
          )}
          {problem && <Alert type="error" showIcon title={problem} data-testid="calendar-hold-problem" />}
        </RecordForm>
      )}
    </Modal>
  );
}
