import { useQuery } from '@tanstack/react-query';
import type { Order } from '@trackit/contract/order.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { Select } from 'antd';
import { useCan } from '../../layouts/use-permission-level';
import { teamRecipientOptionsQuery } from './team-recipient.queries';

/** What a choice tells the order editor: what a new fee line's rate follows (`defaultFeeTaxRate`). */
export type ChosenRecipient = Pick<TeamRecipient, 'taxpayer_type' | 'default_tax_rate'> | null;

export interface TeamRecipientSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The entity chosen on the order (shown even when disabled since, or to a member who cannot list them). */
  current: Order['team_recipient'];
  /** Called with the chosen entity (null: none) when the member picks another. */
  onChosen?: (entity: ChosenRecipient) => void;
  testId?: string;
}

/**
 * Picks the order's payee entity (收款主体) among the team's active ones, the default marked. A member
 * without `team_recipient` read sees the chosen one and cannot change it (the list is not theirs to read).
 */
export function TeamRecipientSelect({
  value,
  onChange,
  current,
  onChosen,
  testId,
}: TeamRecipientSelectProps) {
  const canRead = useCan('team_recipient', 'read');
  const entities = useQuery({ ...teamRecipientOptionsQuery, enabled: canRead });
  const listed = entities.data?.data ?? [];
  const options = listed.map((entity) => ({
    value: entity.id,
    label: entity.is_default ? `${entity.short_name}（默认）` : entity.short_name,
    title: entity.name,
  }));
  if (current && !listed.some((entity) => entity.id === current.id)) {
    options.unshift({ value: current.id, label: current.short_name, title: current.short_name });
  }
  return (
    <Select<number | null>
      value={value ?? null}
      onChange={(next) => {
        onChange?.(next ?? null);
        const entity = listed.find((candidate) => candidate.id === next);
        onChosen?.(entity ?? (current && current.id === next ? current : null));
      }}
      options={options}
      allowClear
      disabled={!canRead}
      loading={entities.isLoading}
      placeholder="不指定"
      notFoundContent="还没有收款主体"
      data-testid={testId}
    />
  );
}
