import { PhoneAppCard } from '../../features/push/app-channel';
import { DownloadAppPage } from '../../features/versions/pages/download-app-page';

/** /download/app: the versions feature's page with the push feature's phone app card (issue 34 item 2). */
export function DownloadAppRoute() {
  return <DownloadAppPage phoneApp={<PhoneAppCard />} />;
}
