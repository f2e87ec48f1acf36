import type { ReactNode } from 'react';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';

type TError = { code: string; data?: Record<string, unknown> };

/** What the link page's loader found (`peekLink`): its own action's result, a usable link, or a dead one. */
export type TLinkView = { state: 'done' } | { state: 'live' } | { state: 'dead'; error: TError };

/** The page's frame: a narrow centred column with the page title as its heading. */
export function LinkPageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={title} />
      <h1 className="h3">{title}</h1>
      {children}
    </section>
  );
}

/** The link's token, posted back by the page's form (read from the address: the loader never echoes it). */
export function LinkTokenField() {
  const [params] = useSearchParams();
  return <input type="hidden" name="token" value={params.get('token') ?? ''} />;
}

/** The confirming form: what the button does, and the button. A plain form, so it works before or without JavaScript. */
export function LinkForm({ text, submit }: { text: ReactNode; submit: string }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className="mb-3">
      <p>{text}</p>
      <LinkTokenField />
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

type TLinkPageProps = {
  title: string;
  /** The loader's data. */
  view: TLinkView;
  /** The action's answer after a press that failed. */
  failure?: { error: TError } | null;
  /** The confirming form (`<LinkForm>`), shown while the link is live. */
  children?: ReactNode;
  /** Whether a failed press keeps the form (only an unreadable form fails on this page; the link is still live). */
  keepsForm?: boolean;
  /** The success message once the link was used, and what follows it. */
  done?: ReactNode;
  afterDone?: ReactNode;
  /** What follows the error of a dead link or a failed press (the way on). */
  afterError?: ReactNode;
  /** Shown in every state, last. */
  footer?: ReactNode;
};

/**
 * The page of an emailed link (activation, reactivation, email change and its undo, email re-enabling, password
 * reset): the success message, or the error, or the confirming form, then the ways on.
 */
export function LinkPage(props: TLinkPageProps) {
  const { view } = props;
  const isDone = view.state === 'done';
  const error = props.failure?.error ?? (view.state === 'dead' ? view.error : null);
  const showsForm = view.state === 'live' && (props.keepsForm || !error);
  return (
    <LinkPageSection title={props.title}>
      {isDone ? (
        <>
          <div className="alert alert-success" role="status">
            {props.done}
          </div>
          {props.afterDone}
        </>
      ) : (
        <FormError error={error} />
      )}
      {showsForm ? props.children : null}
      {!isDone && error ? props.afterError : null}
      {props.footer}
    </LinkPageSection>
  );
}
