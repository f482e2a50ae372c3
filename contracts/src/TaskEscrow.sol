// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {BitMaps} from "@openzeppelin/contracts/utils/structs/BitMaps.sol";
import {ITaskEscrow} from "./ITaskEscrow.sol";

/// @title TaskEscrow (v2)
/// @author CENT Tasks
/// @notice Holds the CENT reward of every CENT Tasks task and pays it out per accepted submission.
///
/// An escrow is identified by its funder AND its terms:
///     key = keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline))
/// so nobody can occupy or mis-specify somebody else's escrow: funding the app's task id from another
/// wallet, or with other terms, only creates another key (which its own funder can refund later).
///
/// Rules enforced here (see DESIGN.md "TaskEscrow rules"):
///  - a key is funded once; the escrow pulls exactly `reward * maxCompletions` and refuses tokens that
///    deliver a different amount (fee-on-transfer);
///  - only a {RELEASER_ROLE} holder releases, only while `block.timestamp <= deadline + reviewWindow`;
///    each release pays exactly `reward`; a submission id is paid at most once PER KEY; never more
///    than `maxCompletions` payouts per key, hence never more than the key's remaining balance;
///  - only the funder refunds, only when `block.timestamp > deadline + reviewWindow`; the refund
///    returns the remaining balance and the key can never pay again.
///
/// Invariant: `token.balanceOf(this) == sum over keys of remainingOf(key)` (for a standard ERC-20),
/// and no call on one key changes the state of another.
///
/// Its events and custom errors are declared, with their NatSpec, in {ITaskEscrow}.
///
/// @dev Storage layout (this is where the gas is won):
///  - an escrow is two slots: {reward, maxCompletions, paidCount, deadline} (exactly 256 bits: all a
///    release needs) and {funder, refunded} (read only by refunds and views). Releases and refunds are
///    separated in time by `deadline + reviewWindow`, so a release never needs to read `refunded`;
///  - the remaining balance is derived (`refunded ? 0 : reward * (maxCompletions - paidCount)`);
///  - paid flags live in one OpenZeppelin {BitMaps} per key (a bucket is `submissionId >> 8`): 256
///    consecutive submission ids of one key share one storage word, so only the first payout of every
///    256 pays for a fresh slot. {releaseBatch} writes those words itself, once per run of ids sharing
///    one (see {_markBatchPaid} for why).
contract TaskEscrow is ITaskEscrow, AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using BitMaps for BitMaps.BitMap;

    /// @notice Role allowed to release rewards (the platform's payout key).
    bytes32 public constant RELEASER_ROLE = keccak256("RELEASER_ROLE");

    /// @dev Storage form of an escrow. A funded key has reward > 0, so reward doubles as "funded".
    struct Escrow {
        // slot 0: 128 + 32 + 32 + 64 = 256 bits, everything a release reads and writes
        uint128 reward;
        uint32 maxCompletions;
        uint32 paidCount;
        uint64 deadline;
        // slot 1: 160 + 8 bits, read by refunds and views only
        address funder;
        bool refunded;
    }

    /// @notice Public view of an escrow, returned by {getEscrow}. An unfunded key has `reward == 0`.
    struct EscrowInfo {
        address funder;
        uint128 reward;
        uint32 maxCompletions;
        uint32 paidCount;
        uint64 deadline;
        bool refunded;
        uint256 remaining;
    }

    /// @notice The ERC-20 held in escrow (CENT).
    IERC20 public immutable token;

    /// @notice Seconds after an escrow's deadline during which approved work can still be paid; the
    ///         funder can refund only once this window has passed.
    uint64 public immutable reviewWindow;

    mapping(bytes32 key => Escrow) private _escrows;
    /// @dev Paid flags per key: bit `submissionId` of `_paid[key]` is set once that key paid it.
    mapping(bytes32 key => BitMaps.BitMap paid) private _paid;

    /// @notice Deploys the escrow for `token_` with an immutable review window.
    /// @param token_ The ERC-20 to hold (CENT). Any standard ERC-20 works; permit is optional.
    /// @param reviewWindow_ Seconds after a deadline during which payouts continue and before the
    ///        funder may refund (e.g. 7 days).
    /// @param admin Receives DEFAULT_ADMIN_ROLE (grants/revokes {RELEASER_ROLE}).
    constructor(IERC20 token_, uint64 reviewWindow_, address admin) {
        if (address(token_) == address(0) || admin == address(0)) revert ZeroAddress();
        token = token_;
        reviewWindow = reviewWindow_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    // ----------------------------------------------------------------------------------------------
    // External state-changing functions
    // ----------------------------------------------------------------------------------------------

    /// @notice Funds the escrow of (`msg.sender`, `taskId`, terms) with `reward * maxCompletions`
    ///         tokens pulled from `msg.sender` (who must have approved the escrow).
    /// @dev Reverts with {ZeroReward}, {ZeroMaxCompletions}, {DeadlineNotInFuture}, {EscrowAlreadyFunded}
    ///      or {TransferAmountMismatch}. Emits {TaskFunded}. Nobody else can fund, block or pre-empt
    ///      this key, because it is derived from `msg.sender`.
    /// @param taskId The app's task id (the task JSON's `chainTaskId`).
    /// @param reward Amount paid per accepted submission.
    /// @param maxCompletions Maximum number of paid submissions.
    /// @param deadline Unix time after which no new work is expected; must be in the future.
    /// @return key The escrow key, see {escrowKey}.
    function fund(uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)
        external
        nonReentrant
        returns (bytes32 key)
    {
        key = _fund(msg.sender, taskId, reward, maxCompletions, deadline);
    }

    /// @notice Same as {fund}, approving the escrow in the same transaction with an ERC-2612 permit
    ///         signed by `msg.sender` for exactly `reward * maxCompletions`.
    /// @dev If the permit call fails (e.g. somebody submitted the signature first, using its nonce) but
    ///      the allowance already covers the amount, funding continues; otherwise reverts with
    ///      {PermitFailed}. Other errors as {fund}.
    /// @param taskId See {fund}.
    /// @param reward See {fund}.
    /// @param maxCompletions See {fund}.
    /// @param deadline See {fund}.
    /// @param permitDeadline Deadline of the permit signature.
    /// @param v Signature v.
    /// @param r Signature r.
    /// @param s Signature s.
    /// @return key The escrow key, see {escrowKey}.
    function fundWithPermit(
        uint256 taskId,
        uint128 reward,
        uint32 maxCompletions,
        uint64 deadline,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external nonReentrant returns (bytes32 key) {
        _permit(msg.sender, uint256(reward) * maxCompletions, permitDeadline, v, r, s);
        key = _fund(msg.sender, taskId, reward, maxCompletions, deadline);
    }

    /// @notice Pays escrow `key`'s reward to `recipient` for `submissionId`.
    /// @dev Only a {RELEASER_ROLE} holder (else {AccessControlUnauthorizedAccount}). Reverts with
    ///      {EscrowNotFunded}, {ReleaseWindowClosed}, {ZeroRecipient}, {MaxCompletionsExceeded} or
    ///      {SubmissionAlreadyPaid}. Emits {RewardReleased}.
    /// @param key The funded escrow.
    /// @param submissionId The app's submission id; paid at most once per key.
    /// @param recipient Receiver of the reward.
    function release(bytes32 key, uint256 submissionId, address recipient)
        external
        nonReentrant
        onlyRole(RELEASER_ROLE)
    {
        _release(key, submissionId, recipient);
    }

    /// @notice Pays escrow `key`'s reward for every `submissionIds[i]` to `recipients[i]`.
    /// @dev Same rules and errors as {release}, plus {EmptyBatch} and {LengthMismatch}; all or nothing
    ///      (a duplicate id inside the batch reverts with {SubmissionAlreadyPaid}). Writes the paid
    ///      count once and each bitmap word once per run of ids sharing it, then makes one token transfer
    ///      per payout. Emits one {RewardReleased} per payout.
    /// @param key The funded escrow.
    /// @param submissionIds The app's submission ids (sorted ascending ids are cheapest).
    /// @param recipients Receivers, one per submission id.
    function releaseBatch(bytes32 key, uint256[] calldata submissionIds, address[] calldata recipients)
        external
        nonReentrant
        onlyRole(RELEASER_ROLE)
    {
        _releaseBatch(key, submissionIds, recipients);
    }

    /// @notice Returns escrow `key`'s remaining balance to its funder; afterwards it never pays again.
    /// @dev Only the funder, only when `block.timestamp > deadline + reviewWindow`. Reverts with
    ///      {EscrowNotFunded}, {NotFunder}, {EscrowAlreadyRefunded}, {RefundNotYetAvailable} or
    ///      {NothingToRefund}. Emits {TaskRefunded}.
    /// @param key The escrow to refund.
    function refund(bytes32 key) external nonReentrant {
        _refund(key);
    }

    // ----------------------------------------------------------------------------------------------
    // Views
    // ----------------------------------------------------------------------------------------------

    /// @notice The key under which `funder` funds `taskId` with these terms.
    /// @param funder The account calling {fund} / {fundWithPermit}.
    /// @param taskId The app's task id.
    /// @param reward Amount per payout.
    /// @param maxCompletions Maximum number of payouts.
    /// @param deadline Task deadline (unix seconds).
    /// @return keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)).
    function escrowKey(address funder, uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)
        external
        pure
        returns (bytes32)
    {
        return _escrowKey(funder, taskId, reward, maxCompletions, deadline);
    }

    /// @notice Everything about an escrow, including its derived remaining balance.
    /// @param key The escrow key; an unfunded key returns a zeroed struct (`reward == 0`).
    /// @return info The escrow.
    function getEscrow(bytes32 key) external view returns (EscrowInfo memory info) {
        Escrow memory e = _escrows[key];
        info = EscrowInfo({
            funder: e.funder,
            reward: e.reward,
            maxCompletions: e.maxCompletions,
            paidCount: e.paidCount,
            deadline: e.deadline,
            refunded: e.refunded,
            remaining: _remaining(e)
        });
    }

    /// @notice Tokens still held for `key` (0 when unfunded, refunded or fully paid).
    /// @param key The escrow key.
    /// @return The remaining balance.
    function remainingOf(bytes32 key) external view returns (uint256) {
        return _remaining(_escrows[key]);
    }

    /// @notice Whether escrow `key` already paid `submissionId`.
    /// @param key The escrow key.
    /// @param submissionId The app's submission id.
    /// @return True when paid by this key.
    function isPaid(bytes32 key, uint256 submissionId) external view returns (bool) {
        return _paid[key].get(submissionId);
    }

    /// @notice The first timestamp at which the funder may refund: `deadline + reviewWindow + 1`.
    ///         Releases are possible until one second before.
    /// @param key The escrow key.
    /// @return The timestamp, or 0 when the key was never funded.
    function refundableAt(bytes32 key) external view returns (uint256) {
        Escrow storage e = _escrows[key];
        if (e.reward == 0) return 0;
        return uint256(e.deadline) + reviewWindow + 1;
    }

    // ----------------------------------------------------------------------------------------------
    // Internal state transitions
    // ----------------------------------------------------------------------------------------------

    /// @dev Unfunded -> Funded. Effects (escrow record, event) before the pull; the balance delta check
    ///      after it. `nonReentrant` on the callers keeps a re-entering token from inflating the delta.
    function _fund(address funder, uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)
        internal
        returns (bytes32 key)
    {
        if (reward == 0) revert ZeroReward(taskId);
        if (maxCompletions == 0) revert ZeroMaxCompletions(taskId);
        // solhint-disable-next-line gas-strict-inequalities
        if (deadline <= block.timestamp) revert DeadlineNotInFuture(taskId, deadline, block.timestamp);
        key = _escrowKey(funder, taskId, reward, maxCompletions, deadline);
        Escrow storage e = _escrows[key];
        if (e.reward != 0) revert EscrowAlreadyFunded(key);

        uint256 amount = uint256(reward) * maxCompletions;
        e.reward = reward;
        e.maxCompletions = maxCompletions;
        e.deadline = deadline;
        e.funder = funder;
        emit TaskFunded(key, taskId, funder, reward, maxCompletions, deadline, amount);

        uint256 balanceBefore = token.balanceOf(address(this));
        token.safeTransferFrom(funder, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - balanceBefore;
        if (received != amount) revert TransferAmountMismatch(key, amount, received);
    }

    /// @dev Tries the ERC-2612 permit; tolerates its failure when the allowance already suffices
    ///      (a front-run permit), as recommended in OpenZeppelin's IERC20Permit documentation.
    function _permit(address owner, uint256 amount, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s)
        internal
    {
        // solhint-disable-next-line no-empty-blocks
        try IERC20Permit(address(token)).permit(owner, address(this), amount, permitDeadline, v, r, s) {
            // approved
        } catch {
            uint256 allowance = token.allowance(owner, address(this));
            if (allowance < amount) revert PermitFailed(owner, amount, allowance);
        }
    }

    /// @dev Funded -> Funded with one more payout. Reads and writes slot 0 only (plus one bitmap word).
    ///      {BitMaps-get} then {BitMaps-set} cost 109 gas more than one hand-written read-check-write of
    ///      the word (bench:gas `releaseNewHolder` 71,184 -> 71,293, 1.389 -> 1.391 x an ERC-20 transfer to a
    ///      new holder, target <= 1.4): too little to keep a second copy of the bit arithmetic.
    function _release(bytes32 key, uint256 submissionId, address recipient) internal {
        Escrow storage e = _escrows[key];
        _checkReleasable(e, key);
        if (recipient == address(0)) revert ZeroRecipient(key, submissionId);
        uint32 paidCount = e.paidCount;
        uint32 maxCompletions = e.maxCompletions;
        if (paidCount >= maxCompletions) revert MaxCompletionsExceeded(key, paidCount, 1, maxCompletions);
        uint256 reward = e.reward;

        BitMaps.BitMap storage paid = _paid[key];
        if (paid.get(submissionId)) revert SubmissionAlreadyPaid(key, submissionId);
        paid.set(submissionId);
        e.paidCount = paidCount + 1;
        emit RewardReleased(key, submissionId, recipient, reward);

        token.safeTransfer(recipient, reward);
    }

    /// @dev Funded -> Funded with `n` more payouts. All effects (one paid-count write, one write per
    ///      run of ids sharing a bitmap word, events) happen before the first transfer.
    function _releaseBatch(bytes32 key, uint256[] calldata submissionIds, address[] calldata recipients) internal {
        uint256 n = submissionIds.length;
        if (n == 0) revert EmptyBatch(key);
        if (n != recipients.length) revert LengthMismatch(n, recipients.length);
        Escrow storage e = _escrows[key];
        _checkReleasable(e, key);
        uint32 paidCount = e.paidCount;
        uint32 maxCompletions = e.maxCompletions;
        if (uint256(paidCount) + n > maxCompletions) {
            revert MaxCompletionsExceeded(key, paidCount, n, maxCompletions);
        }
        // Safe: paidCount + n <= maxCompletions, a uint32.
        e.paidCount = uint32(paidCount + n);

        uint256 reward = e.reward;
        _markBatchPaid(key, reward, submissionIds, recipients);

        for (uint256 i = 0; i < n; ++i) {
            token.safeTransfer(recipients[i], reward);
        }
    }

    /// @dev Effects of a batch: marks every id paid for `key` (one storage write per run of ids sharing
    ///      a bitmap word, so a duplicate inside the batch is caught too) and emits one {RewardReleased} each.
    ///
    ///      Why not {BitMaps-get} / {BitMaps-set} per id, as {release} does: that reads and rewrites the
    ///      same warm word once per id (a warm SLOAD and a dirty SSTORE, 100 gas each, plus the slot
    ///      hashing), about 400 gas per payout. Measured with bench:gas: `releaseBatchPerPayout50` 30,093
    ///      with the word kept in memory, 30,502 per id (0.587 vs 0.595 x an ERC-20 transfer to a new
    ///      holder, target <= 0.6), `releaseBatchPerPayout10` 34,900 vs 35,284. So the batch keeps one
    ///      SSTORE per word, written into the same {BitMaps} storage that {isPaid} and {release} read.
    function _markBatchPaid(
        bytes32 key,
        uint256 reward,
        uint256[] calldata submissionIds,
        address[] calldata recipients
    ) internal {
        // BitMaps has no word-level API: its storage words are `_data[index >> 8]`, bit `index & 0xff` (what
        // {BitMaps-get} reads, so {isPaid} and {release} see every flag written here).
        mapping(uint256 => uint256) storage words = _paid[key]._data;
        // `submissionId >> 8` is < 2**248, so this sentinel never collides with a real word index.
        uint256 currentWord = type(uint256).max;
        uint256 bits;
        for (uint256 i = 0; i < submissionIds.length; ++i) {
            uint256 submissionId = submissionIds[i];
            if (recipients[i] == address(0)) revert ZeroRecipient(key, submissionId);
            uint256 wordIndex = submissionId >> 8;
            if (wordIndex != currentWord) {
                if (currentWord != type(uint256).max) words[currentWord] = bits;
                currentWord = wordIndex;
                bits = words[wordIndex];
            }
            uint256 mask = 1 << (submissionId & 0xff);
            if (bits & mask != 0) revert SubmissionAlreadyPaid(key, submissionId);
            bits |= mask;
            emit RewardReleased(key, submissionId, recipients[i], reward);
        }
        words[currentWord] = bits;
    }

    /// @dev Funded -> Refunded (terminal).
    function _refund(bytes32 key) internal {
        Escrow memory e = _escrows[key];
        if (e.reward == 0) revert EscrowNotFunded(key);
        if (msg.sender != e.funder) revert NotFunder(key, msg.sender);
        if (e.refunded) revert EscrowAlreadyRefunded(key);
        uint256 reviewEnd = uint256(e.deadline) + reviewWindow;
        // solhint-disable-next-line gas-strict-inequalities
        if (block.timestamp <= reviewEnd) revert RefundNotYetAvailable(key, reviewEnd + 1, block.timestamp);
        uint256 amount = _remaining(e);
        if (amount == 0) revert NothingToRefund(key);

        _escrows[key].refunded = true;
        emit TaskRefunded(key, e.funder, amount);

        token.safeTransfer(e.funder, amount);
    }

    /// @dev Shared release checks: funded, and still inside the release window. A refund can only
    ///      happen after that window, so a releasable escrow is never refunded: `refunded` is not read.
    function _checkReleasable(Escrow storage e, bytes32 key) internal view {
        if (e.reward == 0) revert EscrowNotFunded(key);
        uint256 releasableUntil = uint256(e.deadline) + reviewWindow;
        if (block.timestamp > releasableUntil) revert ReleaseWindowClosed(key, releasableUntil, block.timestamp);
    }

    /// @dev The escrow key of a funder and its terms (abi.encode: unambiguous, fixed-width fields).
    function _escrowKey(address funder, uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)
        internal
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline));
    }

    /// @dev Derived remaining balance of an escrow.
    function _remaining(Escrow memory e) internal pure returns (uint256) {
        if (e.refunded) return 0;
        return uint256(e.reward) * (e.maxCompletions - e.paidCount);
    }
}
