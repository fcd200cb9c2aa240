import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { IMAGE_TYPES, uploadImage } from './images-api.ts';
import { imageAddressProblem } from './model/parts.ts';

/** An image part: uploaded to the site's images, or linked by an https address; with its description. */
export function ImageField({
  id,
  name,
  clientId,
  src,
  alt,
  onSrc,
  onAlt,
}: {
  id: string;
  name: string;
  clientId: string;
  src: string;
  alt: string;
  onSrc(src: string): void;
  onAlt(alt: string): void;
}) {
  const { t } = useLanguage();
  const [address, setAddress] = useState(src);
  const [shown, setShown] = useState(src);
  if (src !== shown) {
    // Undo, or an upload, changed the image: the address field follows.
    setShown(src);
    setAddress(src);
  }
  const problem = imageAddressProblem(address.trim());
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(clientId, file),
    onSuccess: (image) => onSrc(new URL(image.url, location.origin).href),
  });
  return (
    <fieldset className="image-field stack">
      <legend>{name}</legend>
      {src && <img className="image-thumb" src={src} alt="" />}
      {/* A button in the console's own words and look: the browser's file control would speak its own language. */}
      <label className="btn upload-button">
        {t('edImageUpload')}
        <input
          type="file"
          className="visually-hidden"
          accept={IMAGE_TYPES.join(',')}
          aria-describedby={`${id}-types`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = '';
          }}
        />
      </label>
      <p className="hint" id={`${id}-types`}>
        {t('edImageTypes')}
      </p>
      <p role="status" className="hint">
        {upload.isPending ? t('edImageUploading') : upload.isSuccess ? t('edImageUploaded') : ''}
      </p>
      <ErrorText error={upload.error} />
      <label className="field">
        {t('edImageUrl')}
        <input
          id={id}
          type="url"
          dir="ltr"
          value={address}
          maxLength={2000}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setAddress(e.target.value);
            if (!imageAddressProblem(e.target.value.trim())) onSrc(e.target.value.trim());
          }}
        />
      </label>
      {problem && (
        <p className="field-error" id={`${id}-problem`}>
          {t('edImageHttps')}
        </p>
      )}
      <label className="field">
        {t('edImageAlt')}
        <input dir="auto" value={alt} maxLength={300} onChange={(e) => onAlt(e.target.value)} />
      </label>
    </fieldset>
  );
}
