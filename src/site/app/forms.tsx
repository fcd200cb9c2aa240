import { useEffect, useState } from 'react';
import { ADDON_TEXTS, stepQuantity } from '../k3-rules.ts';

const NOTICE_KEY = 'k3_store_notice_dismissed';

/** The store notice, dismissed for good by the visitor. */
export function StoreNotice() {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(NOTICE_KEY) === '1');
  if (dismissed) return null;
  return (
    <p className="store-notice" role="note">
      Pendaftaran batch Desember dibuka.{' '}
      <button
        type="button"
        onClick={() => {
          localStorage.setItem(NOTICE_KEY, '1');
          setDismissed(true);
        }}
      >
        Tutup pemberitahuan
      </button>
    </p>
  );
}

/** The form nonce, refreshed once from the site's ajax endpoint: its data.nonce replaces the stored one (site spec §7). */
function useRefreshedNonce(initial: string): string {
  const [nonce, setNonce] = useState(initial);
  useEffect(() => {
    let current = true;
    fetch('/wp-admin/admin-ajax.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=eael_get_token',
    })
      .then((response) => response.json() as Promise<{ success?: boolean; data?: { nonce?: string } }>)
      .then((answer) => {
        if (current && answer.success && answer.data?.nonce) setNonce(answer.data.nonce);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return nonce;
}

/** A quantity stepper that keeps to min, max and step (default 1). */
function Stepper({ label, min, max, step }: { label: string; min: number; max: number; step: number }) {
  const [value, setValue] = useState(min);
  const id = `qty-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="stepper">
      <label htmlFor={id}>{label}</label>
      <button
        type="button"
        aria-label={`Kurangi ${label}`}
        onClick={() => setValue((now) => stepQuantity(now, -1, { min, max, step }))}
      >
        −
      </button>
      <input
        id={id}
        name={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => setValue(Number(event.target.value))}
      />
      <button
        type="button"
        aria-label={`Tambah ${label}`}
        onClick={() => setValue((now) => stepQuantity(now, 1, { min, max, step }))}
      >
        +
      </button>
    </div>
  );
}

/** The registration add-on form: steppers, 'is a required field' and 'Invalid' messages, and the refreshed nonce. */
export function AddonForm() {
  const nonce = useRefreshedNonce('initial-nonce');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    const name = String(data.get('nama') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    if (!name) found.nama = `Nama ${ADDON_TEXTS.required}`;
    if (!email) found.email = `Email ${ADDON_TEXTS.required}`;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) found.email = ADDON_TEXTS.invalid;
    setErrors(found);
    setSent(Object.keys(found).length === 0);
  };
  return (
    <form className="addon-form" noValidate onSubmit={submit} data-nonce={nonce}>
      <input type="hidden" name="nonce" value={nonce} />
      <Stepper label="Peserta" min={1} max={20} step={1} />
      <Stepper label="Hari" min={2} max={12} step={2} />
      {(['nama', 'email'] as const).map((field) => (
        <p key={field}>
          <label htmlFor={`addon-${field}`}>{field === 'nama' ? 'Nama' : 'Email'}</label>
          <input
            id={`addon-${field}`}
            name={field}
            type={field === 'email' ? 'email' : 'text'}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `addon-${field}-error` : undefined}
          />
          {errors[field] && (
            <span id={`addon-${field}-error`} className="field-error">
              {errors[field]}
            </span>
          )}
        </p>
      ))}
      <button type="submit">Daftar</button>
      <p role="status">{sent ? 'Terima kasih, kami akan menghubungi Anda.' : ''}</p>
    </form>
  );
}
