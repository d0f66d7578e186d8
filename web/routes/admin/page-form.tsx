// The 'Create New Page' / 'Edit Page' form (docs/product.md §2, §4, §5). Validated with the shared
// pageInput schema, so the browser and the worker refuse the same things with the same words.
import * as Switch from "@radix-ui/react-switch";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { isPublished, normalizeSlug, type Page, type PageInput, pageInput } from "#schema/api.ts";
import { contentTextareaRows, homepageHeroSlug, metaDescriptionChars } from "#web/lib/constants.ts";
import { errorDetail, useSavePage } from "#web/lib/queries/admin-pages.ts";
import { toast } from "#web/ui/toast.tsx";
import { ContentPreview } from "./content-preview";
import { ImageField } from "./image-field";
import "./page-form.css";

export type PageFormValues = {
  title: string;
  slug: string;
  content: string;
  image: string;
  heroImageLight: string;
  heroImageDark: string;
  metaDescription: string;
  metaKeywords: string;
  published: boolean;
};

type Field = keyof PageFormValues;

/** docs/product.md §4: new pages default to published. */
export const emptyPageValues: PageFormValues = {
  title: "",
  slug: "",
  content: "",
  image: "",
  heroImageLight: "",
  heroImageDark: "",
  metaDescription: "",
  metaKeywords: "",
  published: true,
};

export function pageFormValues(page: Page): PageFormValues {
  return {
    title: page.title,
    slug: page.slug,
    content: page.content,
    image: page.image ?? "",
    heroImageLight: page.heroImageLight ?? "",
    heroImageDark: page.heroImageDark ?? "",
    metaDescription: page.metaDescription ?? "",
    metaKeywords: page.metaKeywords ?? "",
    published: isPublished(page.published),
  };
}

/** The order invalid fields are focused in. */
const fieldOrder: Field[] = ["title", "slug", "content", "metaDescription", "metaKeywords", "image"];

type Props = {
  /** The page being edited; absent when creating. */
  page?: Page;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

export function PageForm({ page, onSaved, onCancel, onDirtyChange }: Props) {
  const formId = useId();
  const ids = {
    title: `${formId}-title`,
    slug: `${formId}-slug`,
    content: `${formId}-content`,
    metaDescription: `${formId}-meta-description`,
    metaKeywords: `${formId}-meta-keywords`,
    published: `${formId}-published`,
  };
  const initial = useRef(page ? pageFormValues(page) : emptyPageValues).current;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState<Partial<Record<Field, boolean>>>({});
  const save = useSavePage();
  const editing = page !== undefined;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const busy = Object.values(uploading).some(Boolean);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The form opens above the list: bring it into view and start at the Title.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    document.getElementById(`${formId}-title`)?.focus({ preventScroll: true });
  }, [formId]);

  function set<K extends Field>(field: K, value: PageFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = pageInput.safeParse({ ...values, published: values.published ? "true" : "false" });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = fieldOrder.find((field) => found[field]);
      if (first && first in ids) document.getElementById(ids[first as keyof typeof ids])?.focus();
      return;
    }
    const input: PageInput = parsed.data;
    save.mutate(
      { id: page?.id, input },
      {
        onSuccess: () => {
          toast({ title: editing ? "Page updated successfully" : "Page created successfully" });
          onSaved();
        },
        onError: (error) => {
          toast({
            title: editing ? "Failed to update page" : "Failed to create page",
            description: errorDetail(error),
            variant: "destructive",
          });
        },
      },
    );
  }

  const describedBy = (field: Field, ...more: string[]) =>
    [errors[field] ? `${formId}-${field}-error` : "", ...more].filter(Boolean).join(" ") || undefined;

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${formId}-${field}-error`} className="admin-field-error">
        {errors[field]}
      </p>
    ) : null;

  const normalizedSlug = normalizeSlug(values.slug);
  const isHeroSettings = normalizedSlug === homepageHeroSlug;
  const descriptionLength = values.metaDescription.length;

  return (
    <form
      className="admin-card admin-page-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${formId}-heading`}
    >
      <h2 id={`${formId}-heading`}>{editing ? "Edit Page" : "Create New Page"}</h2>

      <div className="admin-field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          value={values.title}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy("title")}
          onChange={(e) => set("title", e.currentTarget.value)}
        />
        {fieldError("title")}
      </div>

      <div className="admin-field">
        <label htmlFor={ids.slug}>URL Slug</label>
        <input
          id={ids.slug}
          value={values.slug}
          placeholder="about-us"
          required
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={describedBy("slug", `${formId}-slug-hint`)}
          onChange={(e) => set("slug", e.currentTarget.value)}
        />
        <p id={`${formId}-slug-hint`} className="admin-muted admin-hint">
          /page/{normalizedSlug || "…"}
        </p>
        {fieldError("slug")}
      </div>

      <div className="admin-field">
        <label htmlFor={ids.content}>Content</label>
        <div className="admin-editor">
          <textarea
            id={ids.content}
            value={values.content}
            rows={contentTextareaRows}
            required
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy("content")}
            onChange={(e) => set("content", e.currentTarget.value)}
          />
          <ContentPreview html={values.content} />
        </div>
        {fieldError("content")}
      </div>

      <div className="admin-field">
        <label htmlFor={ids.metaDescription}>Meta Description (SEO)</label>
        <textarea
          id={ids.metaDescription}
          value={values.metaDescription}
          rows={3}
          aria-invalid={errors.metaDescription ? true : undefined}
          aria-describedby={describedBy("metaDescription", `${formId}-meta-description-count`)}
          onChange={(e) => set("metaDescription", e.currentTarget.value)}
        />
        <p
          id={`${formId}-meta-description-count`}
          className={`admin-hint ${descriptionLength > metaDescriptionChars ? "admin-over-limit" : "admin-muted"}`}
        >
          {descriptionLength}/{metaDescriptionChars} karakters
        </p>
        {fieldError("metaDescription")}
      </div>

      <div className="admin-field">
        <label htmlFor={ids.metaKeywords}>Meta Keywords (SEO, comma-separated)</label>
        <input
          id={ids.metaKeywords}
          value={values.metaKeywords}
          placeholder="lounge, chillout, nujazz"
          aria-invalid={errors.metaKeywords ? true : undefined}
          aria-describedby={describedBy("metaKeywords")}
          onChange={(e) => set("metaKeywords", e.currentTarget.value)}
        />
        {fieldError("metaKeywords")}
      </div>

      <ImageField
        label="Hero Image (optional)"
        name="hero image"
        value={values.image}
        onChange={(url) => set("image", url)}
        onBusyChange={(b) => setUploading((u) => ({ ...u, image: b }))}
        successTitle="Image uploaded successfully"
        failureTitle="Failed to upload image"
        error={errors.image}
      />

      {isHeroSettings && (
        <>
          <ImageField
            label="Homepage Hero Image for Light Mode"
            name="light mode hero image"
            value={values.heroImageLight}
            onChange={(url) => set("heroImageLight", url)}
            onBusyChange={(b) => setUploading((u) => ({ ...u, heroImageLight: b }))}
            successTitle="Light mode hero image uploaded successfully"
            failureTitle="Failed to upload hero image"
            error={errors.heroImageLight}
          />
          <ImageField
            label="Homepage Hero Image for Dark Mode"
            name="dark mode hero image"
            value={values.heroImageDark}
            onChange={(url) => set("heroImageDark", url)}
            onBusyChange={(b) => setUploading((u) => ({ ...u, heroImageDark: b }))}
            successTitle="Dark mode hero image uploaded successfully"
            failureTitle="Failed to upload hero image"
            error={errors.heroImageDark}
          />
        </>
      )}

      <div className="admin-switch-row">
        <Switch.Root
          id={ids.published}
          className="admin-switch"
          checked={values.published}
          onCheckedChange={(checked) => set("published", checked)}
        >
          <Switch.Thumb className="admin-switch-thumb" />
        </Switch.Root>
        <label htmlFor={ids.published}>Published</label>
      </div>

      <div className="admin-form-actions">
        <button type="button" className="admin-button admin-button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="admin-button"
          disabled={save.isPending || busy}
          aria-busy={save.isPending}
        >
          {save.isPending ? "Saving..." : editing ? "Update Page" : "Create Page"}
        </button>
      </div>
    </form>
  );
}
