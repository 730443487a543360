/**
 * The sentences of team accounts (issue 29): the team page, invitations, spending approval and
 * "Placed by", word for word. Import as a namespace:
 * `import * as TEAM_MESSAGES from "~/lib/messages/team"`.
 */
export const ownerOnly = "Only an owner of the business can do this.";
export const memberInvited = (email: string) => `Invitation sent to ${email}. The link is valid for 7 days.`;
export const invitationsTodayReached = (limit: number) =>
  `Your business has sent ${limit} invitations today, the most it can send in a day. Try again tomorrow.`;
export const invitationsToAddressReached = (email: string) =>
  `${email} has had as many mails from the store as it can get in a day. No invitation was sent; try again tomorrow.`;
export const alreadyMemberHere = (email: string) => `${email} is already a member of your business.`;
export const invitationNotFound = "This invitation link is not valid. Ask the business's owner for a new one.";
export const invitationUsed = "This invitation has already been used. Log in to your account.";
export const invitationExpired =
  "This invitation has expired (links are valid for 7 days). Ask the business's owner for a new one.";
export const invitationRevoked = "This invitation was withdrawn. Ask the business's owner for a new one.";
export const invitationForAnotherEmail = (email: string) =>
  `This invitation is for ${email}. Log in with that email to join.`;
export const alreadyInAnotherBusiness =
  "Your login already belongs to a business. A person can belong to one business only; ask the store to move you.";
export const alreadyInThisBusiness = "You are already a member of this business.";
export const joinedBusiness = (business: string) => `You joined ${business}.`;
export const loginCreatedAndJoined = (business: string) => `Your login is ready and you joined ${business}. Log in.`;
export const emailHasLogin = "This email already has a login. Log in with it to join.";
export const invitationWithdrawn = (email: string) => `The invitation to ${email} was withdrawn.`;
export const roleChanged = (name: string, role: string) =>
  `${name} is now ${role === "owner" ? "an owner" : "a buyer"}.`;
export const lastOwner = "A business needs at least one owner. Make someone else an owner first.";
export const founderStays =
  "The person who registered the business cannot be removed: the business's records are kept under their login. Make them a buyer instead.";
export const memberRemoved = (name: string) => `${name} was removed from the business and signed out.`;
export const notAMember = "That person is not a member of your business.";
export const orderLimitSaved = (name: string, limit: string | null) =>
  limit ? `${name} may now place orders up to ${limit}.` : `${name} may now place orders of any amount.`;
export const ownersHaveNoLimit = "Owners have no order limit. Make them a buyer first.";
export const cannotChangeYourself = "You cannot change your own role or remove yourself.";
export const waitingForOwnerApproval = "Waiting for approval by the owner";
export const orderApproved = (id: number) => `Order #${id} approved. The store will prepare it.`;
export const orderDeclined = (id: number) => `Order #${id} declined and cancelled. Its stock was returned.`;
export const orderNotWaiting = (id: number) => `Order #${id} is not waiting for approval any more.`;
export const noOrdersWaiting = "No orders are waiting for your approval.";
export const placedBy = (name: string) => `Placed by ${name}`;
export const approvalNeededMailSubject = (id: number) => `Order #${id} needs your approval`;
export const approvalNeededMailBody = (id: number, buyer: string, total: string, limit: string) =>
  `${buyer} placed order #${id} for ${total}, above their limit of ${limit}. It waits for your approval.`;
export const approvalDecidedMailSubject = (id: number, approved: boolean) =>
  `Order #${id} ${approved ? "approved" : "declined"}`;
export const approvalDecidedMailBody = (id: number, approved: boolean, owner: string) =>
  approved
    ? `${owner} approved your order #${id}. The store will prepare it.`
    : `${owner} declined your order #${id}. It was cancelled.`;
export const invitationMailSubject = (business: string) => `You are invited to order for ${business}`;
export const invitationMailBody = (inviter: string, business: string, role: string) =>
  `${inviter} invited you to join ${business} as ${role === "owner" ? "an owner" : "a buyer"} at our wholesale store. The link is valid for 7 days.`;
export const yourOrderWaits = "Your order is placed and waits for the approval of your business's owner.";
export const addressesOwnersOnly = "The business's owners add and change its addresses; you can ship to any of them.";
export const businessOwnersOnly = "The business's owners change its profile and licenses.";
export const chooseRole = "Choose Owner or Buyer.";
export const nameRequired = "Enter your name.";
export const confirmRemoveMember = (name: string) => `Remove ${name} from the business? They are signed out at once.`;
export const teamOwnersOnly = "The business's owners manage its team.";
export const logInToJoin = "Log in to join the business.";
export const invitedTo = (business: string, role: string) =>
  `You are invited to order for ${business} as ${role === "owner" ? "an owner" : "a buyer"}.`;
export const joinAs = (email: string) => `You are logged in as ${email}.`;
export const haveLogin = "Already have a login with this email?";
export const chooseApproveOrDecline = "Choose Approve or Decline.";
export const approvalsOwnersOnly = "The business's owners approve orders above a buyer's limit.";
export const businessProfileFirst = "Fill in your business profile first: a team belongs to a business.";
export const notYourBusiness = "You cannot order for that business.";
export const noUserWithEmail = "No login has that email.";
export const adminsActAlready = "Admins can already order for any business; they need no sales rep role.";
export const repCannotBeMember =
  "This login belongs to a business. A sales rep needs a login of their own, outside any customer's business.";
export const notARep = "That person is not a sales rep.";
export const noSuchBusiness = "Choose a business from the list.";
export const startedActing = (business: string) => `You are now ordering for ${business}.`;
export const stoppedActing = "You are back to your own account.";
export const repMade = (name: string) => `${name} is now a sales rep.`;
export const repRemoved = (name: string) => `${name} is no longer a sales rep.`;
export const assigned = (business: string, rep: string) => `${business} assigned to ${rep}.`;
export const unassigned = (business: string, rep: string) => `${business} taken from ${rep}.`;
export const noBusinessesToActFor = "No business matches. Sales reps see only the businesses assigned to them.";
export const staffOnly = "Only sales reps and admins order for a business.";
export const orderPlacedFor = (id: number, business: string) => `Order #${id} placed for ${business}`;
export const noBusinessesAssigned = "No businesses assigned yet.";
/** Who placed an order for a business they act for: "Rita Rep for Acme Stores". */
export const nameForBusiness = (name: string, business: string) => `${name} for ${business}`;
export const founderHasMembers =
  "This person registered a business that has other members; the business's records are kept under their login. Remove its other members first.";
export const confirmRemoveRep =
  "Remove this sales rep? Their businesses are taken from them and any order they are taking for one stops.";

/* Staff invitations (issue 37): an admin invites a sales rep or a delivery driver by email. */
/** A staff role as a sentence says it. */
export const staffRoleName = (role: string) => (role === "driver" ? "a delivery driver" : "a sales rep");
export const staffEmailHasLogin = (email: string) =>
  `${email} already has a login. An invitation makes a new login; to make that login a sales rep, use Make a sales rep.`;
export const staffInvitationCapped = (email: string) =>
  `${email} has had as many mails from the store as it may today. Try again tomorrow.`;
export const staffInvitationMailSubject = (store: string) => `You are invited to work with ${store}`;
export const staffInvitationMailBody = (inviter: string, store: string, role: string) =>
  `${inviter} invited you to ${store} as ${staffRoleName(role)}. Make your login from this link; it is valid for 7 days.`;
export const staffInvitedTo = (store: string, role: string) => `You are invited to ${store} as ${staffRoleName(role)}.`;
export const staffInvitationNotFound = "This invitation link is not valid. Ask the store for a new one.";
export const staffInvitationExpired =
  "This invitation has expired (links are valid for 7 days). Ask the store for a new one.";
export const staffLoginCreated = "Your login is ready. Log in.";
export const staffJoinLogOutFirst = (email: string) =>
  `You are logged in as ${email}. This invitation makes a new login of its own: log out first.`;
export const chooseStaffRole = "Choose Sales rep or Driver.";
export const noDriversYet = "No drivers yet.";
export const inviteStaffHint =
  "A new sales rep or driver gets a mail to make a login of their own. A rep appears below once they have.";
