// Test support for areas' web tests ('@seamline/web/testing'): the app in jsdom against a fake
// server, a signed-in session, and helpers for the engine's forms.
export { AppProviders } from '../AppProviders';
export { fakeServer, json } from './fakeServer';
export { currentUrl, renderApp } from './renderApp';
export { nowS, storeSignedIn, USER } from './session';
export { choose, fieldBox, findField, posted, signedInServer, typeInto } from '../engine/test/fixtures';
export { fromLayout, toLayout } from '../engine/list/columnSettings';
