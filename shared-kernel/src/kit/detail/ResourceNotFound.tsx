import { Result } from 'antd';
import { kitTexts } from '../kit-texts';
import { LinkButton } from './LinkButton';

export interface ResourceNotFoundProps {
  /** The list to go back to ('/dashboard/orders'). */
  backTo: string;
  /** Default 'Retour à la liste'. */
  backLabel?: string;
  /** Heading, default 'Page introuvable' ('Commande introuvable'…). */
  title?: string;
}

/**
 * The one page for an object the user cannot see: an unknown id, a malformed id or another shop's object (404, 403,
 * 400: `isNotFoundError`) all answer 'Cette page n'existe pas ou vous n'y avez pas accès.' with a way back to the list.
 */
export function ResourceNotFound({ backTo, backLabel, title }: ResourceNotFoundProps) {
  const t = kitTexts.useTexts();
  return (
    <Result
      status="404"
      title={<h1 style={{ margin: 0, fontSize: 24 }}>{title ?? t.notFoundTitle}</h1>}
      subTitle={t.notFound}
      extra={
        <LinkButton type="primary" to={backTo}>
          {backLabel ?? t.backToList}
        </LinkButton>
      }
    />
  );
}
