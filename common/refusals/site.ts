/*
 * Refusals of the site's people and parts: accounts, invitations and password resets,
 * categories, settings, images, and the feeds and files outside the API.
 */
import { quoted, type Entry } from './define';

export const PEOPLE = {
  'user.not_found': { status: 404, en: 'No such user.' },
  'user.email_taken': {
    status: 409,
    en: 'An account with this email already exists. Sign in instead.',
  },
  'user.invited_email_taken': {
    status: 409,
    en: 'An account with this email already exists: change its role in the list of users instead.',
  },
  'user.slug_taken': {
    status: 409,
    en: (p: { slug: string }) =>
      `Another author already uses the slug "${p.slug}". Choose another one.`,
  },
  'user.wrong_password': { status: 400, en: 'Your current password is not correct.' },
  'user.last_admin': {
    status: 409,
    en: 'The site needs at least one administrator: make someone else administrator first.',
  },
  'user.invite_forbidden': { status: 403, en: 'Only administrators invite people.' },
  'user.current_password_needed': {
    status: 400,
    en: 'Type your current password to set a new one.',
  },
  'user.nothing_to_change': {
    status: 400,
    en: 'Nothing to change: give a new name or a new password',
  },
  'user.profile_unchanged': {
    status: 400,
    en: 'Nothing to change: give a new name, slug, bio or photo',
  },
  'user.photo_url_invalid': {
    status: 400,
    en: 'photoUrl must be an uploaded image, an https address or empty',
  },
  'invitation.unknown': {
    status: 404,
    en: 'This invitation link is not valid. Ask an administrator for a new one.',
  },
  'invitation.used': { status: 410, en: 'This invitation was used already. Sign in instead.' },
  'invitation.expired': {
    status: 410,
    en: 'This invitation has expired. Ask an administrator for a new one.',
  },
  'reset.unknown': {
    status: 404,
    en: 'This password-reset link is not valid. Ask for a new one.',
  },
  'reset.used': {
    status: 410,
    en: 'This password-reset link was used already. Ask for a new one.',
  },
  'reset.expired': {
    status: 410,
    en: 'This password-reset link has expired. Ask for a new one.',
  },
  'email_link.code_format': { status: 400, en: 'The code is the six digits in the mail.' },
  'email_link.wrong_code': {
    status: 401,
    en: 'This code is not right, or it has expired. Check the mail, or ask for a new one.',
  },
  // The link is a browser's navigation: its refusals are said on the sign-in page it goes to.
  'email_link.unknown': {
    status: 404,
    outsideApi: true,
    en: 'This sign-in link is not valid. Ask for a new one.',
  },
  'email_link.used': {
    status: 410,
    outsideApi: true,
    en: 'This sign-in link was used already. Ask for a new one.',
  },
  'email_link.expired': {
    status: 410,
    outsideApi: true,
    en: 'This sign-in link has expired. Ask for a new one.',
  },
  'link.incomplete': { status: 400, en: 'This link is not complete: copy the whole link' },
  // Notices: answers that are not refusals, but that a page shows as the server says them.
  'reset.requested': {
    status: 202,
    en: 'If an account has this address, a link to choose a new password is on its way. It works for 60 minutes.',
  },
  'reset.no_mail': {
    status: 202,
    en: 'This site sends no e-mail: ask an administrator to set a new password for you.',
  },
  'email_link.sent': {
    status: 202,
    en: 'A sign-in link and a code are on their way to this address. They work once, for 15 minutes.',
  },
  'email_link.no_mail': {
    status: 202,
    en: 'This site sends no e-mail: sign in with your password.',
  },
  'session.signed_out_everywhere': { status: 200, en: 'Signed out on every device.' },
  'session.ended': { status: 200, en: 'That session has ended.' },
  'session.others_ended': { status: 200, en: 'Every other session has ended.' },
  'session.not_found': { status: 404, en: 'No such session: it may have ended already.' },
  'newsletter.not_found': { status: 404, en: 'No such newsletter.' },
  'newsletter.unknown': {
    status: 400,
    en: 'One of these newsletters does not exist or has ended: reload the page and choose again.',
  },
  'newsletter.time_invalid': {
    status: 400,
    en: 'The time must be HH:MM on the 24-hour clock, such as 07:30.',
  },
} as const satisfies Record<string, Entry>;

export const SECTIONS = {
  'category.not_found': { status: 404, en: 'Category not found.' },
  'category.slug_needs_latin': {
    status: 400,
    en: 'Give the category a slug of Latin letters or digits.',
  },
  'category.slug_uncategorised': {
    status: 400,
    en: (p: { slug: string }) =>
      `"${p.slug}" is where articles without a category live; choose another slug, such as "${p.slug}-news".`,
  },
  'category.slug_reserved': {
    status: 400,
    en: (p: { slug: string }) => `"${p.slug}" is used by the site itself; choose another slug.`,
  },
  'category.name_taken': {
    status: 409,
    en: (p: { name: string }) => `A category named "${p.name}" already exists.`,
  },
  'category.slug_taken': {
    status: 409,
    en: (p: { slug: string }) => `A category with the slug "${p.slug}" already exists.`,
  },
  'category.own_parent': { status: 400, en: 'A category cannot be its own parent.' },
  'category.parent_unknown': { status: 400, en: 'The parent category does not exist.' },
  'category.parent_nested': {
    status: 400,
    en: (p: { parent: string; grandparent?: string }) =>
      `"${p.parent}" is itself inside "${p.grandparent ?? 'another category'}": sections go one level deep, so choose a top-level category as the parent.`,
  },
  'category.sections_cannot_nest': {
    status: 400,
    en: (p: { name: string; sections: readonly string[] }) =>
      `"${p.name}" has sections of its own (${p.sections.join(', ')}): a category with sections cannot be put inside another.`,
  },
  'category.feeds_home': {
    status: 409,
    en: (p: { name: string; setting: string }) =>
      `Category "${p.name}" feeds a home section (setting "${p.setting}"). Choose other home sections in Settings first.`,
  },
  'category.has_articles': {
    status: 409,
    en: (p: { name: string; count: number }) =>
      `Category "${p.name}" still has ${p.count} article${p.count === 1 ? '' : 's'}. Move or delete ${p.count === 1 ? 'it' : 'them'} first.`,
  },
  /** An article came in between the count and the delete. */
  'category.has_articles_now': {
    status: 409,
    en: (p: { name: string }) =>
      `Category "${p.name}" still has articles. Move or delete them first.`,
  },
  'category.has_sections': {
    status: 409,
    en: (p: { name: string; sections: readonly string[] }) =>
      `Category "${p.name}" has sections inside it (${p.sections.join(', ')}). Move them to another category or to the top level first.`,
  },
  'settings.category_unknown': {
    status: 400,
    en: (p: { slugs: readonly string[] }) => `No category has the slug ${quoted(p.slugs)}.`,
  },
  'settings.http_address': { status: 400, en: 'Must be an http(s) address or empty' },
  'settings.path_or_https': { status: 400, en: 'Must be a path on this site or an https address' },
  'settings.uploaded_image': {
    status: 400,
    en: 'Must be the address of an image uploaded to this site (/media/…), or empty',
  },
  'settings.x_account': { status: 400, en: 'Must be an X account such as @patrika, or empty' },
  'settings.time_zone': { status: 400, en: 'Must be a time zone name such as Asia/Kolkata' },
  'settings.fediverse_handle': {
    status: 400,
    en: 'Must be 1 to 30 lower-case letters, digits or underscores, such as patrika',
  },
} as const satisfies Record<string, Entry>;

export const MEDIA = {
  'media.not_multipart': {
    status: 400,
    en: 'Send the image as multipart/form-data in the field "file".',
  },
  'media.multipart_incomplete': {
    status: 400,
    en: 'The upload was not a complete multipart/form-data body. Please try again.',
  },
  'media.no_file': { status: 400, en: 'No image received: send it in the field "file".' },
  // @fastify/multipart's own text, word for word (its FST_REQ_FILE_TOO_LARGE).
  'media.too_large': { status: 413, en: 'request file too large' },
  'media.unsupported_type': {
    status: 415,
    en: 'Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.',
  },
  'media.unreadable': { status: 415, en: 'The file is not a readable image.' },
  'media.too_many_pixels': {
    status: 400,
    en: (p: { megapixels: number; width: number; height: number }) =>
      `The image is too large: at most ${p.megapixels} megapixels (this one is ${p.width}×${p.height} pixels).`,
  },
  'media.side_too_long': {
    status: 400,
    en: (p: { maximum: number; width: number; height: number }) =>
      `The image is too large: at most ${p.maximum.toLocaleString('en')} pixels on a side (this one is ${p.width}×${p.height} pixels).`,
  },
  'media.decode_too_slow': {
    status: 400,
    en: (p: { seconds: number }) =>
      `The image took too long to decode (over ${p.seconds} s): save it again at a smaller size.`,
  },
  'media.too_many_frames': {
    status: 400,
    en: (p: { maximum: number; frames: number }) =>
      `The animation has too many frames: at most ${p.maximum.toLocaleString('en')} (this one has ${p.frames.toLocaleString('en')}).`,
  },
  'media.upload_too_slow': {
    status: 408,
    en: (p: { seconds: number }) =>
      `The image arrived too slowly (not all of it within ${p.seconds} s): try again on a faster connection, or send a smaller file.`,
  },
  'media.uploads_busy': {
    status: 503,
    en: (p: { count: number }) =>
      `You are already sending ${p.count} images: wait until they are stored, then try again.`,
  },
  'media.storage_full': { status: 507, en: 'The media storage is full.' },
  'media.not_in_library': { status: 404, en: 'No such image in the media library.' },
  'media.upload_forbidden': {
    status: 403,
    en: 'Only authors, editors and administrators can upload images.',
  },
  'media.library_forbidden': {
    status: 403,
    en: 'Only authors, editors and administrators can do this.',
  },
  'media.list_forbidden': {
    status: 403,
    en: 'Only authors, editors and administrators can see the media.',
  },
  'media.edit_not_own': {
    status: 403,
    en: 'Authors can change the texts of only images they uploaded themselves.',
  },
  'media.delete_not_own': {
    status: 403,
    en: 'Authors can delete only images they uploaded themselves.',
  },
  'media.in_use': {
    status: 409,
    en: (p: {
      articles: number;
      live?: number;
      history?: number;
      people?: number;
      ads?: number;
      settings: readonly string[];
    }) => {
      const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
      const where = [
        p.articles > 0 ? plural(p.articles, 'article') : '',
        p.live ? `the live updates of ${plural(p.live, 'article')}` : '',
        p.history ? `earlier versions of ${plural(p.history, 'article')}` : '',
        p.people ? `the photo of ${plural(p.people, 'person', 'people')}` : '',
        p.ads ? plural(p.ads, 'house ad') : '',
        p.settings.length > 0 ? `the site settings (${p.settings.join(', ')})` : '',
      ].filter(Boolean);
      const last = where.pop();
      const said = where.length > 0 ? `${where.join(', ')} and ${last}` : last;
      return `This image is in use (${said}), so it was not deleted. Replace it there first.`;
    },
  },
  'media.came_into_use': {
    status: 409,
    en: 'This image came into use while it was being deleted, so it was kept.',
  },
  'media.month_invalid': { status: 400, en: 'month must be a month such as 2026-03' },
  'media.nothing_to_change': { status: 400, en: 'Send alt, caption or both.' },
  // Outside the API: files, feeds and sitemaps.
  'media.file_not_found': { status: 404, outsideApi: true, en: 'No such file.' },
  'tag.not_found': { status: 404, outsideApi: true, en: 'Tag not found.' },
  'author.not_found': { status: 404, outsideApi: true, en: 'Author not found.' },
  'sitemap.not_found': { status: 404, outsideApi: true, en: 'No such sitemap.' },
} as const satisfies Record<string, Entry>;
