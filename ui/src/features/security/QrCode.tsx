import { useLingui } from '@lingui/react/macro';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';

/** Draws an otpauth:// URL as a QR code image. qrcode is imported here only, so it stays in the security chunk. */
export function QrCode({ url, label }: { url: string; label: string }) {
  const { t } = useLingui();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Dark modules on white whatever the theme: authenticator apps read that most reliably.
    QRCode.toDataURL(url, { margin: 2, width: 200, color: { dark: '#000000', light: '#ffffff' } }).then(
      (data) => live && setSrc(data),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img src={src} alt={label} width={200} height={200} className="rounded-md border border-line" />
  ) : (
    <div className="flex size-[200px] items-center justify-center rounded-md border border-line">
      <Spinner label={t`Loading`} />
    </div>
  );
}
