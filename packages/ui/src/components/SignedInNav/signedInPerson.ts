/** Who is signed in, as the navigation shows them. */
export interface SignedInPerson {
  id: number;
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  profile_image?: string | null;
  /** Issue 29: moderators and staff get a way to the review queue. */
  staff?: boolean;
  moderator?: boolean;
}
