import { ClockCircleOutlined } from '@ant-design/icons';
import type { PublicPackage } from '@trackit/contract/share.schema';
import { ShareTopBar, TeamName } from '../../components/share-frame';
import { expiryText } from './expiry';
import styles from './package-page.module.css';

/** The agency, until when the link works, the package's title and the message to the client. */
export function PackageHeader({ pkg }: { pkg: PublicPackage }) {
  return (
    <>
      <ShareTopBar
        start={<TeamName name={pkg.team_name} />}
        end={
          <span data-testid="package-expiry">
            <ClockCircleOutlined style={{ marginRight: 8 }} />
            {expiryText(pkg.expires_at)}
          </span>
        }
      />
      <section className={styles.hero}>
        <h1 className={styles.title} data-testid="package-title">
          {pkg.title}
        </h1>
        {pkg.message && (
          <p className={styles.message} data-testid="package-message">
            {pkg.message}
          </p>
        )}
      </section>
    </>
  );
}
