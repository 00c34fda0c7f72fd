import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import styles from './pick-heart.module.css';

/** The heart on a model's cover: outlined, or filled red once picked. */
export function PickHeart({
  picked,
  onToggle,
  modelName,
}: {
  picked: boolean;
  onToggle: () => void;
  modelName: string;
}) {
  const label = picked ? '取消选中' : '选中';
  return (
    <Tooltip title={label} placement="left" mouseEnterDelay={0.4}>
      <button
        type="button"
        className={picked ? `${styles.heart} ${styles.picked}` : styles.heart}
        aria-label={`${label} ${modelName}`}
        aria-pressed={picked}
        onClick={onToggle}
        data-testid="pick-heart"
      >
        {picked ? <HeartFilled /> : <HeartOutlined />}
      </button>
    </Tooltip>
  );
}
