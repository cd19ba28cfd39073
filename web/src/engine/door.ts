// The web engine's public door for areas ('@seamline/web/engine'), as '@seamline/server/api' is the
// server's. An area's web code imports the engine from here (and '@seamline/core'), never from a
// path into web/src: what an area may touch is this file. Tests add '@seamline/web/testing'.
// A test (web/src/engine/doors.test.ts) fails when an area reaches past the doors.
//
// Re-exports only, never code of its own, and declared free of side effects (web/vite.config.ts):
// the bundler then follows only the re-exports a module uses, so a screen re-exported here still
// loads with the lazily loaded pages that use it (web/scripts/route-size.ts measures it). A
// template that is nothing but an engine screen registers its loader (screenLoaders), so the
// screen stays a chunk of its own.

// Entities and templates: what a definition and a route are drawn with.
export { entityByName, entityByOpt, entityByRoute, registerEntities, registerEntity, type EntityEntry } from './registry';
export { registerTemplate, type TemplateProps } from '../router/templates';
export { registerDocumentExtension, type DocumentExtension, type DocumentExtensionContext } from './form/extensions';
export { entityPaths } from './paths';
export { canWrite, useSessionContext } from './session';

// The generic screens and their parts.
export { default as DocumentScreen } from './screens/DocumentScreen';
export { default as IndexScreen } from './screens/IndexScreen';
export { default as MasterDetailScreen, MasterDetailLayout } from './screens/MasterDetailScreen';
export { default as StatusTabsScreen } from './screens/StatusTabsScreen';
export { routeEntity } from './screens/routeEntity';
export { LoadFailed, NoEntity } from './screens/states';
export { DocumentPanel } from './form/DocumentPanel';
export { EntityForm } from './form/EntityForm';
export { StaleAlert } from './form/StaleAlert';
export { FieldValue } from './fields/FieldValue';
export { useNumbers, type Numbers } from './fields/useNumbers';
export { FilterBar } from './list/FilterBar';
export { openableRow } from './list/openableRow';
export { RecordEditor, RecordList, RecordPage, useRecordSave, type RecordListProps, type RecordRow } from './list/RecordList';
export { DefinitionRecords, useDefinitionColumns, type DefinitionRecordsProps, type EditorSection, type FieldState, type ListPaging, type RecordControlProps, type ServerPaging } from './list/DefinitionRecords';
export { DefinitionMasterDetail, type DefinitionMasterDetailProps } from './list/DefinitionMasterDetail';
export { buildQuery, type FilterValues } from './list/query';
export { PrintDocument } from './print/PrintDocument';
export { screenLoaders } from './screens/loaders';

// Data: documents through the engine's endpoints.
export { entityKey, useDocument, useSaveDocument } from './data/hooks';
export type { PageResult, Row } from './data/source';

// The request client (spec §4: envelope, errors, toasts) and the query cache.
export {
  api, ApiError, FieldErrorsError, notifyError, paths, reportUnplacedErrors, toastError, toastSuccess, useApiMutation, useApiQuery,
} from '../api';
export { SignedOutError } from '../api/errors';
// A call whose answer is not the envelope (e.g. /api/openapi.json) builds its own URL with a valid token.
export { apiUrl, validToken } from '../api/client';
export { queryClient } from '../api/queryClient';

// Language: catalogues an area adds, the current language, dates.
export { addMessages, i18n, setLang, useLang, useTranslation } from '../i18n';
export { formatDateTime } from '../i18n/dates';

// The session: the signed-in user, tokens, sign-in.
export { langOfUser, loadUserState, saveSettings, signIn } from '../session/actions';
export { useDisplayName } from '../session/hooks';
export { storedToken, storedUsername, storeTokens, type TokenSet } from '../session/storage';
export { useSessionUser } from '../session/store';
export type { SessionUser } from '../session/types';

// Forms outside the entity engine (spec forms: sign-in, accounts, settings).
export { applyServerErrors, ruleFromSpec, sameAs, SpecForm } from '../form';
export { CurrencySelect } from '../components/CurrencySelect';

// Collaboration: live events, attachments, the control tower.
export { onLiveEvent, onNotification } from '../collab/live';
export { menuUnreadSum } from '../collab/paths';
export { DocumentAttachments } from '../collab/DocumentAttachments';
export { ControlTower } from '../collab/ControlTower';

// Files: upload and download.
export { downloadFile, fileSrc, UPLOAD_RULES, uploadImages } from '../transfer/api';
export { checkImageFile, type UploadRules } from '../transfer/checks';

// The shell and the router, for the public pages (sign-in, sign-up, password).
export { Brand } from '../shell/Brand';
export { PublicFrame } from '../shell/PublicFrame';
export { rememberPickedLanguage } from '../shell/storeLanguage';
export { signedInTarget } from '../router/guard';
export type { RouteHandle } from '../router/title';
export { START_PAGES } from '../pages/HomeRedirect';
export { preloadSignedInApp } from '../router/preload';
