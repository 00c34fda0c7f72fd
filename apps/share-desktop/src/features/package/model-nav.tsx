import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ShareTopBar } from '../../components/share-frame';
import styles from './model-page.module.css';

export interface ModelNavProps {
  /** The package's address, with the filter the client came from. */
  packagePath: string;
  packageTitle: string;
  previousPath: string | null;
  nextPath: string | null;
  /** `3 / 24`, when the package is at hand. */
  position: string | null;
  /** Carried from model to model, so 返回套餐 still finds the client's view of the package. */
  backState: { back: string };
}

/** The bar of a model's page: back to the package, and the models before and after this one. */
export function ModelNav({
  packagePath,
  packageTitle,
  previousPath,
  nextPath,
  position,
  backState,
}: ModelNavProps) {
  const navigate = useNavigate();
  return (
    <ShareTopBar
      start={
        <>
          <Link to={packagePath} className={styles.navLink} data-testid="back-to-package">
            <ArrowLeftOutlined />
            返回套餐
          </Link>
          <Divider orientation="vertical" />
          <span>{packageTitle}</span>
        </>
      }
      end={
        <>
          <Button
            type="text"
            icon={<LeftOutlined />}
            disabled={!previousPath}
            onClick={() => previousPath && navigate(previousPath, { state: backState })}
            data-testid="previous-model"
          >
            上一位
          </Button>
          {position && <span className={styles.position}>{position}</span>}
          <Button
            type="text"
            iconPlacement="end"
            icon={<RightOutlined />}
            disabled={!nextPath}
            onClick={() => nextPath && navigate(nextPath, { state: backState })}
            data-testid="next-model"
          >
            下一位
          </Button>
        </>
      }
    />
  );
}
