/** Who is signed in, as the navigation shows them. */
export interface SignedInPerson {
  id: number;
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  profile_image?: string | null;
}
