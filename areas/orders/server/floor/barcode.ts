// Code 128 barcodes of bundle tickets, drawn on the server by bwip-js as SVG (no canvas, no
// font files in the browser; a print page shows the SVG as it is). The human-readable code is
// printed by the ticket itself, larger than bwip's text.
import bwipjs from 'bwip-js/node';

export function barcodeSvg(code: string): string {
  return bwipjs.toSVG({ bcid: 'code128', text: code, height: 12, scale: 2, includetext: false, paddingwidth: 4 });
}
