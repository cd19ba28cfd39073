// /page/upload/viewadv: the business import centre with the import mode and the row limit.
import { ImportCentre } from './ImportCentre';

export default function UploadViewAdvPage() {
  return <ImportCentre advanced />;
}
