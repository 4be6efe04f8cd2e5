/** The create/edit payload of spec §7 (amount as a euro decimal string). */
export interface DealInput {
  influencer: string;
  profileLink: string | null;
  title: string | null;
  description: string | string[];
  amount: string;
  deadline: string;
  publicationDeadline: string | null;
  deliverables: string[];
  platforms: string[];
  briefingFiles: string | null;
}
