// The import centre, the upload centre and the batch image upload (spec §2), lazily loaded: their
// code — and nothing of ExcelJS, which stays on the server — loads only when one of them opens.
import { registerTemplate } from '../router/templates';

registerTemplate('upload.index', undefined, undefined, () => import('./UploadIndexPage'));
registerTemplate('page.uploadView', undefined, undefined, () => import('./UploadViewPage'));
registerTemplate('page.uploadViewAdv', undefined, undefined, () => import('./UploadViewAdvPage'));
registerTemplate('page.uploadImg', undefined, undefined, () => import('./UploadImagePage'));
