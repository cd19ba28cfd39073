// A drawn signature (signature_pad on a canvas sized to its box; the pixel ratio is capped at 2
// to keep the PNG small). The parent reads it through the handle.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  isEmpty(): boolean;
  toPng(): string;
  clear(): void;
}

export const SignaturePadField = forwardRef<SignatureHandle, { label: string }>(function SignaturePadField({ label }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { penColor: '#1a1a1a', backgroundColor: 'rgba(255,255,255,0)' });
    pad.current = p;
    return () => p.off();
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    toPng: () => pad.current?.toDataURL('image/png') ?? '',
    clear: () => pad.current?.clear(),
  }));

  return (
    <canvas
      ref={canvas}
      aria-label={label}
      data-testid="esign-pad"
      style={{ width: '100%', height: 200, border: '1px dashed #bfbfbf', borderRadius: 8, touchAction: 'none', background: '#fff', display: 'block' }}
    />
  );
});
