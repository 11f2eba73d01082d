import { ApiError, type Category, type PostContentType } from '@parley/chat-sdk';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Select } from '../../components/Select/Select';
import { useToast } from '../../components/Toast/ToastProvider';
import { Link } from '../../context/Link';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import * as page from '../private/SocialPage.css';
import * as css from './AddPostScreen.css';

const S = UI_STRINGS.addPost;

export interface AddPostScreenProps {
  /** Cancel, and success: the app goes back one page (spec §2). */
  onDone: () => void;
}

/** The type choices, in the interface language of the moment they render (not the one at import). */
const types = (): { value: PostContentType; label: string }[] => [
  { value: 'image', label: S.types.image },
  { value: 'video', label: S.types.video },
  { value: 'text', label: S.types.text },
];

/** The server's words for a refused post, when it gave a detail (e.g. a file over the size limit). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 413 && error.detail) return error.detail;
  return S.failed;
}

/**
 * Add post (/add-post, spec §2 and §5): type (Image, Video, Text), a file only for image and video
 * (choosing Text clears it), a caption, required categories, Cancel and Post.
 */
export function AddPostScreen({ onDone }: AddPostScreenProps) {
  const toast = useToast();
  const client = useParleyClient();
  const [type, setType] = useState<PostContentType>('image');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [caption, setCaption] = useState('');
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [categoriesFailed, setCategoriesFailed] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const captionId = useId();

  useEffect(() => {
    let cancelled = false;
    client.api.posts.categories().then(
      (list) => {
        if (!cancelled) setCategories(list);
      },
      (reason: unknown) => {
        console.warn('[parley] could not load categories', reason);
        if (!cancelled) setCategoriesFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(S.noCategory);
      return;
    }
    if (type !== 'text' && !file) {
      setError(S.noFile);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await client.api.posts.create({ contentType: type, caption, categoryIds: chosen, file });
      // Publishing says so: the next page alone would leave one wondering whether it went out.
      toast.show(S.published);
      onDone();
    } catch (reason) {
      setError(failureText(reason));
      setBusy(false);
    }
  }

  return (
    <div className={page.page}>
      <header className={page.header}>
        <Link href={ROUTES.home} className={page.link}>
          {UI_STRINGS.social.home}
        </Link>
        <h1 className={page.title}>{S.title}</h1>
      </header>
      <main className={page.main}>
        <form className={css.form} onSubmit={submit} noValidate>
          <Select
            label={S.typeLabel}
            value={type}
            options={types()}
            onChange={(value) => {
              const next = (value || 'image') as PostContentType;
              setType(next);
              // Spec §5: selecting Text clears the file.
              if (next === 'text') {
                setFile(null);
                setFileKey((k) => k + 1);
              }
            }}
          />
          {type !== 'text' ? (
            <div className={css.field}>
              <label htmlFor={fileId} className={css.label}>
                {S.fileLabel}
              </label>
              <input
                key={`${type}-${fileKey}`}
                id={fileId}
                type="file"
                accept={type === 'image' ? 'image/*' : 'video/*'}
                className={css.file}
                onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              />
            </div>
          ) : null}
          <div className={css.field}>
            <label htmlFor={captionId} className={css.label}>
              {S.captionLabel}
            </label>
            <textarea
              id={captionId}
              className={css.textarea}
              value={caption}
              maxLength={2200}
              dir="auto"
              onChange={(event) => setCaption(event.currentTarget.value)}
            />
          </div>
          <fieldset className={css.fieldset}>
            <legend className={css.label}>
              {S.categoriesLabel} <span className={css.hint}>{S.required}</span>
            </legend>
            {categoriesFailed ? (
              <p className={page.error} role="alert">
                {S.failed}
              </p>
            ) : categories === null ? (
              <p className={page.note} role="status">
                {S.loadingCategories}
              </p>
            ) : (
              <div className={css.options}>
                {categories.map((category) => (
                  <label key={category.id} className={css.option}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(category.id)}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setChosen((list) =>
                          on ? [...list, category.id] : list.filter((id) => id !== category.id),
                        );
                      }}
                    />
                    {category.name}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {error ? (
            <p className={page.error} role="alert">
              {error}
            </p>
          ) : null}
          <div className={css.actions}>
            <Button variant="secondary" onClick={onDone}>
              {S.cancel}
            </Button>
            <Button type="submit" busy={busy} busyLabel={S.busy}>
              {S.submit}
            </Button>
          </div>
        </form>
      </main>
    </div>
  );
}
