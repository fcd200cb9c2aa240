import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api, type ManagedOwner, type Site } from '../api/client.ts';
import { ownersQuery } from '../api/queries.ts';
import { ConfirmDialog, Dialog } from '../components/dialog.tsx';
import { ErrorText } from '../components/error-text.tsx';
import { useLanguage } from '../i18n/language.tsx';
import { fill } from '../insights/model.ts';
import { useSession } from '../session.ts';
import { PageHeading } from '../shell/heading.tsx';

function SiteChoices({
  sites,
  chosen,
  onChange,
}: {
  sites: Site[];
  chosen: string[];
  onChange(chosen: string[]): void;
}) {
  const { t } = useLanguage();
  return (
    <fieldset>
      <legend>{t('siteAccess')}</legend>
      {sites.map((site) => (
        <label key={site.clientId} className="inline-check">
          <input
            type="checkbox"
            checked={chosen.includes(site.clientId)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, site.clientId] : chosen.filter((id) => id !== site.clientId))
            }
          />
          {/* An owner's site name is in any language: isolated, it keeps its own direction in a Hebrew line. */}
          <span className="site-choice">
            <bdi>{site.name || site.clientId}</bdi>
            <code className="site-id" dir="ltr">
              {site.clientId}
            </code>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function AccessDialog({ owner, sites, onClose }: { owner: ManagedOwner; sites: Site[]; onClose(): void }) {
  const { t } = useLanguage();
  const client = useQueryClient();
  const [chosen, setChosen] = useState(owner.sites);
  const [isAdmin, setAdmin] = useState(owner.isAdmin);
  const adminId = useId();
  const save = useMutation({
    mutationFn: () => api.updateOwner(owner.id, { isAdmin, sites: chosen }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ownersQuery().queryKey });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open title={`${t('editAccess')}: ${owner.email}`} onClose={onClose}>
      <form onSubmit={submit}>
        <div className="toggle">
          <input id={adminId} type="checkbox" checked={isAdmin} onChange={(e) => setAdmin(e.target.checked)} />
          <label htmlFor={adminId}>{t('admin')}</label>
        </div>
        <SiteChoices sites={sites} chosen={chosen} onChange={setChosen} />
        <ErrorText error={save.error} labels={{ isAdmin: t('admin'), sites: t('sites') }} />
        <div className="actions">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('saveAccess')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Owners and the sites each may see; administrators only (the server answers 403 to anyone else). */
export function OwnersPage() {
  const { t } = useLanguage();
  const { sites, owner: me } = useSession();
  const client = useQueryClient();
  const owners = useQuery(ownersQuery());
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [isAdmin, setAdmin] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [editing, setEditing] = useState<ManagedOwner | null>(null);
  const [deleting, setDeleting] = useState<ManagedOwner | null>(null);
  const adminId = useId();
  const refresh = () => client.invalidateQueries({ queryKey: ownersQuery().queryKey });
  const create = useMutation({
    mutationFn: () => api.createOwner({ email: email.trim(), name: name.trim(), password, isAdmin, sites: chosen }),
    onSuccess: () => {
      setEmail('');
      setName('');
      setPassword('');
      setAdmin(false);
      setChosen([]);
      return refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => api.deleteOwner(id), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section>
      <PageHeading>{t('owners')}</PageHeading>
      <ErrorText error={owners.error ?? remove.error} />
      {owners.data && (
        <table className="table-cards">
          <caption className="visually-hidden">{t('owners')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('ownerName')}</th>
              <th scope="col">{t('sites')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {owners.data.owners.map((owner) => (
              <tr key={owner.id}>
                <th scope="row">
                  <bdi>{owner.email}</bdi>
                  {owner.isAdmin && <span className="badge badge-scheduled">{t('adminBadge')}</span>}
                </th>
                <td data-label={t('ownerName')}>
                  <bdi>{owner.name}</bdi>
                </td>
                <td data-label={t('sites')}>
                  <span className="site-ids">
                    {owner.sites.map((id) => (
                      <code key={id} className="site-id" dir="ltr">
                        {id}
                      </code>
                    ))}
                  </span>
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    onClick={() => setEditing(owner)}
                    aria-label={`${t('editAccess')}: ${owner.email}`}
                  >
                    {t('editAccess')}
                  </button>
                  {owner.id !== me?.id && (
                    <button
                      type="button"
                      className="btn-danger"
                      onClick={() => setDeleting(owner)}
                      aria-label={`${t('delete')}: ${owner.email}`}
                    >
                      {t('delete')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={submit} aria-labelledby="new-owner" className="card narrow">
        <h2 id="new-owner">{t('newOwner')}</h2>
        <label>
          {t('email')}
          <input
            type="email"
            dir="ltr"
            required
            maxLength={320}
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          {t('ownerName')}
          <input required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('initialPassword')}
          <input
            type="password"
            dir="ltr"
            required
            minLength={10}
            maxLength={200}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <div className="toggle">
          <input id={adminId} type="checkbox" checked={isAdmin} onChange={(e) => setAdmin(e.target.checked)} />
          <label htmlFor={adminId}>{t('admin')}</label>
        </div>
        <SiteChoices sites={sites} chosen={chosen} onChange={setChosen} />
        <ErrorText
          error={create.error}
          labels={{ email: t('email'), name: t('ownerName'), password: t('initialPassword'), sites: t('sites') }}
        />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {t('create')}
        </button>
      </form>
      {editing && <AccessDialog owner={editing} sites={sites} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? fill(t('deleteOwnerConfirm'), { email: deleting.email }) : ''}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
