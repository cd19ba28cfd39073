// /page/upload/view: the business import centre (basic).
import { ImportCentre } from './ImportCentre';

export default function UploadViewPage() {
  return <ImportCentre advanced={false} />;
}
