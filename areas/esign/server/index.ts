// The e-signing area's server part (API base utilsapi/esignapi, under one of spec §7's prefixes;
// docs/esign.md): QR signature requests on any engine document, the phone's signing, and the list
// of requests and signatures.
import { defineArea } from '@seamline/server/api';
import { esignMessages } from '../meta/messages';
import { esignRoutes } from './requests';

// The door for other areas: the drawn-signature check (a quality inspector signs its finish).
export { isSignaturePng } from './requests';

export const esignArea = defineArea({ name: 'esign', messages: esignMessages, routes: esignRoutes });
