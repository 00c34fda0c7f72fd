import { toAdminRoute } from '@trackit/contract/admin-paths';
import { MESSAGES } from '@trackit/contract/messages';
import type { FieldChange } from '@trackit/contract/operation-catalogue';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useCanOpen } from '../layouts/route-access';

const shown = (value: string | null | undefined) => value || MESSAGES.empty;

/** `昵称：小王 → 王小明`. */
const changeText = ({ field, before, after }: FieldChange) => `${field}：${shown(before)} → ${shown(after)}`;

/**
 * What the member did, as the server words it, and 查看 for the record it concerns when it has a page
 * the member may open (left out when `hideLinkTo` is that page: a record's own history).
 */
export function OperationSentence({
  sentence,
  link,
  hideLinkTo,
}: Pick<OperationLog, 'sentence' | 'link'> & { hideLinkTo?: string }) {
  const canOpen = useCanOpen();
  const target = link === hideLinkTo ? null : toAdminRoute(link);
  const route = canOpen(target) ? target : null;
  return (
    <span>
      {sentence}
      {route && (
        // Underlined: inside a sentence, colour alone would not tell the link apart.
        <Link to={route} style={{ marginLeft: 8, textDecoration: 'underline' }}>
          查看
        </Link>
      )}
    </span>
  );
}

/** The fields an entry changed, one `字段：之前 → 之后` a line; `--` when none. */
export function ChangeList({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0) return MESSAGES.empty;
  return (
    <Flex vertical>
      {changes.map((change) => (
        <Typography.Text key={change.field} type="secondary" style={{ fontSize: 13 }}>
          {changeText(change)}
        </Typography.Text>
      ))}
    </Flex>
  );
}
