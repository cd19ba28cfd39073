// The e-signing area's door for other areas' screens: the signature pad (a quality inspector signs
// its finish with it; the drawn PNG is checked on the server by isSignaturePng of ../server).
export { SignaturePadField, type SignatureHandle } from './SignaturePadField';
