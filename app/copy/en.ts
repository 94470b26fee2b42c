/**
 * Every sentence the public interface shows, in one place (STYLE.md §16); app/copy/hi.ts says
 * the same in Hindi (setting `uiLanguage`, app/copy/language.tsx). Texts quoted in SPEC.md §2
 * and §8 are verbatim; do not reword those.
 */
export const copy = {
  nav: {
    home: 'Home',
    about: 'About Us',
    categories: 'Categories',
    contact: 'Contact Us',
    signIn: 'Sign In',
    profile: 'User Profile',
    dashboard: 'Dashboard',
    signOut: 'Sign Out',
    toggle: 'Toggle navigation',
    skip: 'Skip to content',
    search: 'Search',
    searchLabel: 'Search articles',
    /** The main navigation's name for screen readers. */
    mainLabel: 'Main',
    /** The notifications region's name (react-toastify's own words) and its shortcut. */
    notifications: 'Notifications Alt+T',
  },
  comments: {
    /** The heading over a story's comments, with how many are shown. */
    title: (n: number) => (n === 1 ? '1 comment' : `${n} comments`),
    none: 'No comments yet.',
    signIn: 'Sign in to comment',
    /** Beside a newsroom member's name. */
    staff: 'Staff',
    /** In place of the name of a reader whose account is gone. */
    deletedReader: 'A deleted reader',
    edited: 'edited',
    /** The after-load form and buttons of a signed-in reader (app/reader/comments.ts). */
    label: 'Your comment',
    post: 'Post comment',
    reply: 'Reply',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    confirmDelete: 'Delete this comment and its replies?',
    report: 'Report',
    reported: 'Reported. Thank you: a moderator will look at it.',
    /** Beside a reader's own comment that waits for a moderator. */
    awaiting: 'awaiting review',
    working: 'Sending…',
    failed: 'That did not work just now. Please try again.',
    closed: 'Comments are closed on this story.',
    /** On /profile: whether a reply to one's comment is mailed. */
    replyMail: 'Mail me replies to my comments',
  },
  live: {
    /** On the page and on its cards while coverage goes on. */
    badge: 'LIVE',
    updates: 'Live updates',
    keyEvents: 'Key events',
    pinned: 'Pinned',
    /** Under the title once coverage is over, with its end in the site's zone. */
    ended: (when: string) => `Live coverage ended on ${when}.`,
    /** The button that brings in updates that came while the reader was reading. */
    newUpdates: (n: number) => (n === 1 ? '1 new update' : `${n} new updates`),
    by: 'By ',
    none: 'Updates will appear here.',
  },
  breaking: {
    /** The band's label, before what it says. */
    label: 'Breaking',
    /** The band's name for screen readers. */
    region: 'Breaking news',
    /** An edition's own band's name for screen readers (issue 65 item 3). */
    regionOf: (place: string) => `Breaking news: ${place}`,
  },
  push: {
    /** The alerts offer's name for screen readers. */
    region: 'News alerts',
    offer: 'Get an alert on this device when a big story breaks?',
    allow: 'Turn on alerts',
    notNow: 'Not now',
    /** Said once the browser subscribed. */
    done: 'Alerts are on. You can turn them off in your browser’s site settings.',
    /** Said when the reader (or the browser) refused the permission. */
    blocked: 'Alerts are blocked in this browser. You can allow them in its site settings.',
    failed: 'Alerts could not be turned on just now. Please try again later.',
  },
  footer: {
    newsletterHeading: 'Our newsletter',
    newsletterEmail: 'Your e-mail address',
    subscribe: 'Subscribe',
    newsletterSent: 'Almost done: open the link we just mailed you to confirm.',
    newsletterDone: 'You are subscribed.',
    newsletterFailed: 'That did not work just now. Please try again.',
    about: 'About Us',
    privacy: 'Privacy Policy',
    disclaimer: 'Disclaimer',
    contactHeading: 'Contact',
    followHeading: 'Follow us',
    showMap: 'Show map',
    openMap: 'Open the map',
    mapLoading: 'Loading the map…',
    mapFailed: 'The map could not be loaded. Try again, or open the map.',
    mapTitle: (place: string) => `Map of ${place}`,
    copyright: (year: number, siteName: string) => `© ${year} ${siteName}. All rights reserved.`,
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
  },
  /** Readers' most read stories of the last hours (issue 38 item 5): home and article pages. */
  mostRead: {
    heading: 'Most read',
    /** An edition's own, from its readers (issue 65 item 3). */
    in: (place: string) => `Most read in ${place}`,
  },
  home: {
    heading: 'Read latest and other stories',
    latest: 'Latest Stories',
    readMore: 'Read More',
    empty: 'No stories in this section yet.',
    categories: 'Categories',
    sectionError: 'These stories could not be loaded just now. Please try again in a moment.',
    /** The news layout's front page (setting `homeLayout`, docs/decisions/033). */
    news: {
      /** The page's h1, for screen readers and search engines (the lead story comes first). */
      heading: 'Top stories',
      /** The lead story's region. */
      lead: 'Lead story',
      /** The list of the newest headlines with their times. */
      latest: 'Latest',
      /** Live blogs running now (issue 25 item 1). */
      live: 'Live now',
      empty: 'No stories yet.',
    },
  },
  /** The label over every ad slot (issue 39 item 1). */
  ads: { label: 'Advertisement' },
  /** A reader's membership on /profile (issue 39 item 4). */
  membership: {
    heading: 'Membership',
    none: 'You are not a member.',
    seePlans: 'See the plans',
    plan: 'Plan',
    status: 'Status',
    statuses: {
      active: 'Active',
      trialing: 'Free trial',
      past_due: 'Payment due',
      cancelled: 'Ended',
      none: 'None',
    },
    until: 'Paid until',
    endsAt: 'Ends on',
    cancel: 'Cancel membership',
    confirmCancel: 'Cancel your membership? It stays until the end of the period paid for.',
    cancelled: 'Your membership will end at the end of the period paid for.',
    failed: 'Your membership could not be read or changed. Please try again.',
  },
  /** Readers' plans page (issue 39 item 4). */
  plans: {
    title: 'Become a member',
    intro: 'Members read every story, with fewer interruptions. Pay by UPI, card or net banking.',
    perMonth: 'a month',
    perYear: 'a year',
    trial: (days: number) => (days === 1 ? 'First day free' : `First ${days} days free`),
    membersAccess: 'Stories for members',
    paidAccess: 'Every story, members’ and paid',
    subscribeWith: (provider: string) => `Subscribe with ${provider}`,
    none: 'No plans are on offer just now.',
    unavailable: 'Payments are not set up on this site yet.',
    failed: 'The payment could not be started. Please try again.',
  },
  /** A members' story's wall (issue 39 item 3): the rest is for members. */
  walled: {
    heading: 'This story is for members',
    members: 'Become a member to read the whole story.',
    paid: 'This story is for members of a paid plan.',
    plans: 'See the plans',
    signIn: 'Already a member? Sign in',
  },
  /** Gift links (issue 39 item 5): a member gives a members' story for 7 days. */
  gift: {
    button: 'Gift this story',
    made: 'Anyone with this link can read the whole story for 7 days:',
    copy: 'Copy link',
    copied: 'Copied',
    remaining: 'Gifts left this month: {n}',
    failed: 'The gift link could not be made. Please try again.',
    /** The member's own gift links on /profile, each of which they may stop. */
    heading: 'Gift links this month',
    none: 'You have given no stories this month.',
    opensUntil: 'Opens the story until {date}',
    ended: 'Ended',
    stopped: 'Stopped',
    stop: 'Stop this link',
    confirmStop:
      'Stop this link? Nobody will be able to read the story with it; it still counts among this month’s gifts.',
    stoppedDone: 'The link no longer opens the story.',
    listFailed: 'Your gift links could not be read or changed. Please try again.',
  },
  /** The metered wall (issue 39 item 2): after a month's free stories. */
  meter: {
    heading: 'You have read this month’s free stories',
    registration: 'Sign in or create a free account to keep reading.',
    subscription: 'Become a member to keep reading.',
    signIn: 'Sign in to keep reading',
  },
  article: {
    /** The sign-up form after a story (issue 37 item 3): the footer has one too. */
    newsletterHeading: 'The day’s stories in your inbox',
    loading: 'Loading...',
    share: 'Share',
    shareOn: (network: string) => `Share on ${network}`,
    networks: { facebook: 'Facebook', x: 'X', whatsapp: 'WhatsApp', telegram: 'Telegram' },
    linkCopied: 'Link copied.',
    copyFailed: 'Could not copy the link.',
    more: 'More stories',
    moreError: 'More stories could not be loaded just now.',
    readMore: 'Read More',
    /** The byline's words before the author's linked name ("By Asha Rao"). */
    byPrefix: 'By ',
    /** Between the last two bylines ("By Asha Rao and Ravi Kumar"). */
    lastBylineJoin: ' and ',
    defaultKeywords: 'articles, news',
    /** The name of the list of the article's tags (issue 26 item 5). */
    tags: 'Tags',
  },
  /** Corrections on the record (issue 43 item 3): under a story, and the /corrections page. */
  corrections: {
    /** Before a correction's note under the story ("Corrected on 3 March 2026: …"). */
    correctedOn: (date: string) => `Corrected on ${date}:`,
    title: 'Corrections',
    intro: 'Every correction we have made to a published story, newest first.',
    none: 'No story has been corrected yet.',
  },
  preview: {
    title: (name: string) => `Preview: ${name}`,
    banner: 'Preview: readers cannot see this article yet.',
  },
  category: {
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
    /** A deep page, opened by key (docs/decisions/069): the day of its newest story. */
    storiesFrom: (date: string) => `Stories from ${date} and earlier`,
    empty: 'No articles in this category yet.',
    pagination: 'Pages',
    rss: 'RSS feed',
    /** The breadcrumb's name for screen readers (issue 26 item 6). */
    breadcrumb: 'Breadcrumb',
    /** The list of the categories inside this one, and its name. */
    sections: (name: string) => `Sections of ${name}`,
  },
  edition: {
    /** An edition's page title ("Jaipur news"). */
    title: (name: string) => `${name} news`,
    description: (name: string, siteName: string) => `The latest news from ${name} on ${siteName}.`,
    lead: 'Top story',
    latest: (name: string) => `Latest from ${name}`,
    from: (name: string) => `From ${name}`,
    national: 'National news',
    places: (name: string) => `Places in ${name}`,
    empty: 'No stories in this edition yet.',
    /** The reader's city strip and picker (issue 65 item 4). */
    yourCity: 'Your city',
    choose: 'Choose your city',
    search: 'Search a city',
    nearMe: 'Near me',
    forget: 'Forget my city',
    none: 'No city found',
  },
  tag: {
    /** A tag's page heading and title ("Tag: IPL"). */
    title: (name: string) => `Tag: ${name}`,
    /** The heading's words before the tag's name, in its own language. */
    prefix: 'Tag: ',
    description: (name: string, siteName: string) => `Stories tagged ${name} on ${siteName}.`,
    empty: 'No published stories with this tag yet.',
  },
  author: {
    articles: (name: string) => `Stories by ${name}`,
    empty: 'No published stories yet.',
    photoAlt: (name: string) => `Photo of ${name}`,
    description: (name: string, siteName: string) => `Stories by ${name} on ${siteName}.`,
  },
  redirect: {
    loading: 'Loading...',
    redirecting: 'Redirecting...',
    notFound: '404 - Article Not Found',
  },
  search: {
    title: 'Search',
    titleFor: (q: string) => `Search: ${q}`,
    heading: 'Search',
    resultsFor: (q: string) => `Results for “${q}”`,
    /** `more`: more match than n; the newest n are ranked and listed ("1,000+"). */
    found: (n: number, more = false) =>
      n === 1 && !more
        ? '1 article found'
        : `${n.toLocaleString('en-IN')}${more ? '+' : ''} articles found`,
    none: (q: string) => `No articles found for “${q}”.`,
    didYouMean: 'Did you mean',
    showingIts: 'These are its results.',
    tipsHeading: 'Suggestions',
    tips: [
      'Check the spelling of each word.',
      'Try fewer words, or more general ones.',
      'Hindi words can be typed in Latin letters too: “sarkar” finds सरकार.',
    ],
    prompt: 'Type a word or two to search every article.',
    tooLong: (max: number) =>
      `A search may be at most ${max} character${max === 1 ? '' : 's'} long.`,
    description: (siteName: string) => `Search the articles of ${siteName}.`,
  },
  notFound: {
    title: '404 - Page Not Found',
    heading: '404 - Page Not Found',
    body: 'The page you are looking for does not exist or has moved.',
    home: 'Go to the home page',
  },
  auth: {
    signInTitle: 'Sign In',
    firstAccount:
      'This site has no account yet: the account you create now will run the site, as its administrator.',
    signUpTitle: 'Sign Up',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    name: 'Name',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    working: 'Please wait...',
    haveAccount: 'Already have an account?',
    noAccount: 'New here?',
    createAccount: 'Create an account',
    passwordsDoNotMatch: 'Passwords do not match',
    confirmPasswordRequired: 'Type the password again to confirm it.',
    genericFailure: 'Something went wrong. Please try again.',
    forgotPassword: 'Forgot password?',
    ssoButton: (label: string) => `Sign in with ${label}`,
    ssoSigningIn: 'Signing you in…',
    passkeySignIn: 'Continue with a passkey',
    passkeyNotMade:
      'No passkey was used: the browser’s window was closed, or it took too long. Try again.',
    /** The sign-up form's consent (its version: common/consent.ts; a change is a new version). */
    consent:
      'By creating an account you agree that we keep your name and e-mail address to run it, as our privacy policy says.',
  },
  /** Signing in with a link by e-mail (issue 37 item 1), below the password form. */
  emailLink: {
    title: 'No password? Get a link by e-mail',
    intro:
      'We mail you a link and a code that sign you in once, for 15 minutes. A new address gets a reader’s account.',
    email: 'Your e-mail address',
    consent:
      'By asking for a link you agree that we keep your e-mail address and your account, as our privacy policy says.',
    privacy: 'Privacy policy',
    send: 'Email me a link',
    code: 'Code from the mail',
    useCode: 'Use the code',
  },
  /** Password reset by e-mail (issue 26 item 8): /reset and /reset/{token}. */
  reset: {
    askTitle: 'Forgot your password?',
    askIntro:
      'Type the e-mail address of your account. If it has one, we send it a link to choose a new password.',
    send: 'Send the link',
    setTitle: 'Choose a new password',
    newPassword: 'New password',
    save: 'Save the new password',
    done: 'Your new password is set, and you are signed in.',
    doneNextStep: 'Your new password is set. Finish signing in with your second step.',
    used: 'This link was used already. If you still need a new password, ask for another link.',
    expired: 'This link has expired. Ask for another link.',
    unknown: 'This link is not valid. Check that you copied all of it, or ask for another link.',
    askAgain: 'Ask for a new link',
  },
  /** An invitation to the staff (issue 26 item 8): /invite/{token}. */
  invite: {
    title: 'Join the staff',
    intro: (name: string, role: string) =>
      `Welcome, ${name}: you are invited as ${role}. Choose a password to join.`,
    email: 'Your e-mail',
    join: 'Set password and join',
    used: 'This invitation was used already. Sign in with the password you chose.',
    expired: 'This invitation has expired. Ask an administrator for a new one.',
    unknown:
      'This invitation link is not valid. Check that you copied all of it, or ask an administrator for a new one.',
    signIn: 'Sign in',
  },
  profile: {
    title: 'User Profile',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    /** Role names as the profile shows them. */
    roles: {
      reader: 'Reader',
      moderator: 'Moderator',
      author: 'Author',
      editor: 'Editor',
      administrator: 'Administrator',
    },
    authorPageHeading: 'Your author page',
    slug: 'Address of your author page',
    slugHint: (example: string) => `Letters, digits and hyphens, as in ${example}.`,
    bio: 'Bio',
    bioHint: 'A few sentences readers see on your author page.',
    photoUrl: 'Photo address',
    photoUrlHint: 'An image uploaded to this site (/media/…) or an https address; empty for none.',
    viewAuthorPage: 'View your author page',
    newPassword: 'New password (leave empty to keep it)',
    currentPassword: 'Current password',
    currentPasswordOptional: 'Needed only when you set a new password.',
    currentPasswordRequired: 'Required: type your current password to set a new one.',
    save: 'Save changes',
    saved: 'Profile updated.',
    sessionsHeading: 'Sessions',
    sessionsText:
      'Lost a phone, or signed in on a shared computer? End every session of this account, this one included.',
    signOutEverywhere: 'Sign out everywhere',
    /** The list of the account's sessions (issue 40 item 5). */
    sessionsList: 'Signed in on',
    thisDevice: 'This device',
    lastSeen: (when: string) => `Last active ${when}`,
    endSession: 'Sign out there',
    unknownDevice: 'A browser',
    confirmSignOutEverywhere: 'Sign out on every device, this one included?',
    reviewMail:
      'E-mail me about reviews: pieces submitted to editors, or sent back or published for authors',
    /** The dashboard's language, each person's own (issue 36 item 8). */
    uiLanguage: 'Language of the dashboard',
    siteLanguage: "The site's language",
    /** The reader's own data (issue 37 item 6). */
    dataHeading: 'Your data',
    dataText:
      'Download everything we keep about you: your account, the consents you gave, what you follow, your saved stories and your newsletter subscriptions.',
    downloadData: 'Download my data',
    deleteHeading: 'Delete your account',
    deleteText:
      'Your account, what you follow, your saved stories and your newsletter subscriptions are deleted, and no more mail comes from us. This cannot be undone.',
    deletePassword: 'Your password',
    deleteCode: 'The code from our e-mail',
    deleteCodeHint: 'Your account has no password: we e-mail you a code to confirm it is you.',
    sendCode: 'E-mail me a code',
    deleteAccount: 'Delete my account',
    confirmDelete: 'Delete your account and all its data? This cannot be undone.',
  },
  readers: {
    follow: 'Follow',
    save: 'Save',
    /** Said by the status line when a button's change could not be saved. */
    failed: 'That did not work just now. Please try again.',
    feedHeading: 'From what you follow',
    feedEmpty:
      'Follow sections, tags or authors (the Follow buttons on their pages) to see their new stories here.',
    savedHeading: 'Saved stories',
    savedEmpty: 'Stories you save (the Save button on a story) are listed here.',
    more: 'More',
    /** /profile's list of what the reader follows, by kind, each with Unfollow (issue 72 item 1). */
    followingHeading: 'What you follow',
    followingEmpty: 'You follow nothing yet.',
    kinds: { category: 'Sections', tag: 'Tags', author: 'Authors' },
    unfollow: 'Unfollow',
    unfollowLabel: (name: string) => `Unfollow ${name}`,
  },
  errors: {
    title: 'Something went wrong',
    body: 'Please try again in a moment, or go back to the home page.',
    navigationCategories: 'Failed to fetch categories.',
  },
} as const;

/** A copy's shape with its texts widened to `string`, so another language can fill it. */
type Texts<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Texts<R>
    : T extends readonly (infer U)[]
      ? readonly Texts<U>[]
      : { readonly [K in keyof T]: Texts<T[K]> };

export type Copy = Texts<typeof copy>;
