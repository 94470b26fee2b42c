/*
 * A newsletter issue as mail (issue 37 item 3): React Email's components (docs/decisions/055),
 * which make the tables Gmail's app and Outlook need, and its plain-text rendering of the same
 * tree. Absolute links carry `utm_source=newsletter`; images use the 600 px-ish media variant.
 */
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { sentMediaUrl } from '../../../common/media';
import { articlePath } from '../../../common/paths';
import type { ArticleCard } from '../../../common/schemas/articles';
import { MANAGE_PLACEHOLDER } from './newsletter-links';

/** The widest image a mail shows: a phone's or a mail client's reading column. */
export const MAIL_IMAGE_WIDTH = 600;

export interface IssueMail {
  siteName: string;
  newsletterName: string;
  language: string;
  publicUrl: string;
  mediaBase: string | undefined;
  stories: ArticleCard[];
}

/** An absolute address of ours, marked as coming from the newsletter. */
export function trackedUrl(publicUrl: string, path: string, campaign: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', campaign);
  return url.toString();
}

/** The variant nearest MAIL_IMAGE_WIDTH from above (else the widest), as an absolute address. */
function mailImage(card: ArticleCard, mail: IssueMail): string | undefined {
  const variants = [...(card.image?.variants ?? [])].sort((a, b) => a.width - b.width);
  const chosen = variants.find((v) => v.width >= MAIL_IMAGE_WIDTH) ?? variants.at(-1);
  const url = chosen?.url ?? card.imageUrl;
  if (!url) return undefined;
  return new URL(sentMediaUrl(url, mail.mediaBase), mail.publicUrl).toString();
}

export { MANAGE_PLACEHOLDER };

function IssueDocument({ mail, campaign }: { mail: IssueMail; campaign: string }) {
  const preheader = mail.stories
    .slice(0, 3)
    .map((s) => s.name)
    .join(' · ');
  return (
    <Html lang={mail.language}>
      <Head />
      <Preview>{preheader}</Preview>
      <Body style={{ backgroundColor: '#ffffff', fontFamily: 'Arial, sans-serif' }}>
        <Container style={{ maxWidth: `${MAIL_IMAGE_WIDTH}px`, padding: '16px' }}>
          <Heading as="h1" style={{ fontSize: '22px' }}>
            {mail.newsletterName}
          </Heading>
          {mail.stories.map((story) => {
            const href = trackedUrl(mail.publicUrl, articlePath(story), campaign);
            const image = mailImage(story, mail);
            return (
              <Section key={story._id} style={{ marginBottom: '24px' }}>
                {image && (
                  <Link href={href}>
                    <Img
                      src={image}
                      alt={story.name}
                      width={MAIL_IMAGE_WIDTH}
                      style={{ maxWidth: '100%', height: 'auto' }}
                    />
                  </Link>
                )}
                <Heading as="h2" style={{ fontSize: '18px' }}>
                  <Link href={href}>{story.name}</Link>
                </Heading>
                <Text>{story.excerpt}</Text>
              </Section>
            );
          })}
          <Hr />
          <Text style={{ fontSize: '12px', color: '#555555' }}>
            {mail.siteName} · <Link href={MANAGE_PLACEHOLDER}>{MANAGE_PLACEHOLDER}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The issue's HTML and plain text, each with the manage link still to be filled per reader. */
export async function renderIssue(mail: IssueMail, campaign: string) {
  const element = <IssueDocument mail={mail} campaign={campaign} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
