// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title TaskEscrow
/// @author CENT Tasks
/// @notice Holds the CENT reward of every CENT Tasks task and pays it out per accepted submission.
///
/// Rules enforced here (see DESIGN.md "TaskEscrow rules"):
///  - a task id is funded once, by `msg.sender`, who becomes its creator; the escrow pulls exactly
///    `reward * maxCompletions` and refuses tokens that deliver a different amount (fee-on-transfer);
///  - only the creator or a {RELEASER_ROLE} holder releases; each release pays exactly `reward`;
///    a submission id is paid at most once EVER (globally, across all tasks); never more than
///    `maxCompletions` payouts per task, hence never more than the task's remaining balance;
///  - only the creator refunds, only when `block.timestamp > deadline + reviewWindow`; the refund
///    returns the remaining balance and the task can never pay again.
///
/// Invariant: `token.balanceOf(this) == sum over tasks of remainingOf(task)` (for a standard ERC-20).
///
/// @dev Storage layout (this is where the gas is won):
///  - a task is two slots: {reward, maxCompletions, paidCount, refunded} and {creator, deadline};
///    the remaining balance is derived (`refunded ? 0 : reward * (maxCompletions - paidCount)`);
///  - paid flags live in a bitmap keyed by `submissionId >> 8`: 256 consecutive submission ids
///    share one storage word, so only the first payout of every 256 pays for a fresh slot.
contract TaskEscrow is AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Role allowed to release rewards of any task (the backend's hot wallet).
    bytes32 public constant RELEASER_ROLE = keccak256("RELEASER_ROLE");

    /// @dev Storage form of a task: exactly two slots.
    ///      Slot 0 holds everything a release by the releaser needs (a funded task has reward > 0,
    ///      so it doubles as the "funded" flag); slot 1 is read only for the creator check and refunds.
    struct Task {
        // slot 0: 128 + 32 + 32 + 8 = 200 bits
        uint128 reward;
        uint32 maxCompletions;
        uint32 paidCount;
        bool refunded;
        // slot 1: 160 + 64 = 224 bits
        address creator;
        uint64 deadline;
    }

    /// @notice Public view of a task, returned by {getTask}. An unfunded id has `creator == address(0)`.
    struct TaskInfo {
        address creator;
        uint128 reward;
        uint32 maxCompletions;
        uint32 paidCount;
        uint64 deadline;
        bool refunded;
        uint256 remaining;
    }

    /// @notice The ERC-20 held in escrow (CENT).
    IERC20 public immutable token;

    /// @notice Seconds after a task's deadline during which work submitted before the deadline can
    ///         still be paid; the creator can refund only once this window has passed.
    uint64 public immutable reviewWindow;

    mapping(uint256 taskId => Task) private _tasks;
    mapping(uint256 wordIndex => uint256 bits) private _paidWords;

    // ----------------------------------------------------------------------------------------------
    // Events (all carry the task id as the first indexed topic; the indexer parses these names)
    // ----------------------------------------------------------------------------------------------

    /// @notice Task `taskId` was funded by `creator` with `amount = reward * maxCompletions`.
    /// @param taskId The task.
    /// @param creator The funder, from now on the task's creator.
    /// @param reward Amount paid per accepted submission.
    /// @param maxCompletions Maximum number of payouts.
    /// @param deadline Task deadline (unix seconds).
    /// @param amount Tokens pulled into escrow (`reward * maxCompletions`).
    event TaskFunded(
        uint256 indexed taskId,
        address indexed creator,
        uint128 reward,
        uint32 maxCompletions,
        uint64 deadline,
        uint256 amount
    );

    /// @notice `amount` (= the task's reward) was paid to `recipient` for `submissionId`; `operator`
    ///         is the account that called release (the creator or a releaser).
    /// @param taskId The task.
    /// @param submissionId The global submission id, now marked paid.
    /// @param recipient Receiver of the payout.
    /// @param amount The task's reward.
    /// @param operator The caller (creator or RELEASER_ROLE holder).
    event RewardReleased(
        uint256 indexed taskId,
        uint256 indexed submissionId,
        address indexed recipient,
        uint256 amount,
        address operator
    );

    /// @notice The remaining balance `amount` of task `taskId` was returned to `creator`.
    /// @param taskId The task, now closed.
    /// @param creator The task's creator, receiver of the refund.
    /// @param amount Tokens returned.
    event TaskRefunded(uint256 indexed taskId, address indexed creator, uint256 amount);

    // ----------------------------------------------------------------------------------------------
    // Errors
    // ----------------------------------------------------------------------------------------------

    /// @notice A constructor address argument (token or admin) was the zero address.
    error ZeroAddress();
    /// @notice `fund` was called with a zero reward.
    error ZeroReward(uint256 taskId);
    /// @notice `fund` was called with zero max completions.
    error ZeroMaxCompletions(uint256 taskId);
    /// @notice `fund` was called with a deadline that is not strictly in the future.
    error DeadlineNotInFuture(uint256 taskId, uint64 deadline, uint256 currentTime);
    /// @notice The task id was already funded (by `creator`).
    error TaskAlreadyFunded(uint256 taskId, address creator);
    /// @notice The token moved `received` instead of `expected` into the escrow (e.g. fee-on-transfer).
    error TransferAmountMismatch(uint256 taskId, uint256 expected, uint256 received);
    /// @notice `permit` failed and the existing allowance (`allowance`) does not cover `amount`.
    error PermitFailed(address owner, uint256 amount, uint256 allowance);
    /// @notice The task id was never funded.
    error TaskNotFunded(uint256 taskId);
    /// @notice The task was refunded; nothing can be released or refunded any more.
    error TaskAlreadyRefunded(uint256 taskId);
    /// @notice `caller` is neither the task's creator nor a {RELEASER_ROLE} holder.
    error NotCreatorOrReleaser(uint256 taskId, address caller);
    /// @notice `caller` is not the task's creator.
    error NotCreator(uint256 taskId, address caller);
    /// @notice A payout to the zero address was requested.
    error ZeroRecipient(uint256 taskId, uint256 submissionId);
    /// @notice The submission id was already paid (by any task).
    error SubmissionAlreadyPaid(uint256 submissionId);
    /// @notice Paying `requested` more submissions would exceed `maxCompletions` (`paidCount` already paid).
    error MaxCompletionsExceeded(uint256 taskId, uint32 paidCount, uint256 requested, uint32 maxCompletions);
    /// @notice `releaseBatch` got arrays of different lengths.
    error LengthMismatch(uint256 submissionIds, uint256 recipients);
    /// @notice `releaseBatch` got empty arrays.
    error EmptyBatch(uint256 taskId);
    /// @notice Refund is possible only from `refundableAt` (= deadline + reviewWindow + 1) on.
    error RefundNotYetAvailable(uint256 taskId, uint256 refundableAt, uint256 currentTime);
    /// @notice Every completion was paid: there is nothing left to refund.
    error NothingToRefund(uint256 taskId);

    /// @notice Deploys the escrow for `token_` with an immutable review window.
    /// @param token_ The ERC-20 to hold (CENT). Any standard ERC-20 works; permit is optional.
    /// @param reviewWindow_ Seconds after a deadline before the creator may refund (e.g. 7 days).
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

    /// @notice Funds task `taskId` with `reward * maxCompletions` tokens pulled from `msg.sender`
    ///         (who must have approved the escrow) and makes `msg.sender` its creator.
    /// @dev Reverts with {ZeroReward}, {ZeroMaxCompletions}, {DeadlineNotInFuture}, {TaskAlreadyFunded}
    ///      or {TransferAmountMismatch}. Emits {TaskFunded}.
    /// @param taskId Id chosen by the caller (the backend uses its task id); fundable once.
    /// @param reward Amount paid per accepted submission.
    /// @param maxCompletions Maximum number of paid submissions.
    /// @param deadline Unix time after which no new work is expected; must be in the future.
    function fund(uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline) external nonReentrant {
        _fund(msg.sender, taskId, reward, maxCompletions, deadline);
    }

    /// @notice Same as {fund}, approving the escrow in the same transaction with an ERC-2612 permit
    ///         signed by `msg.sender` for exactly `reward * maxCompletions`.
    /// @dev If the permit call fails (e.g. it was front-run and its nonce already used) but the
    ///      allowance already covers the amount, funding continues; otherwise reverts with {PermitFailed}.
    /// @param taskId See {fund}.
    /// @param reward See {fund}.
    /// @param maxCompletions See {fund}.
    /// @param deadline See {fund}.
    /// @param permitDeadline Deadline of the permit signature.
    /// @param v Signature v.
    /// @param r Signature r.
    /// @param s Signature s.
    function fundWithPermit(
        uint256 taskId,
        uint128 reward,
        uint32 maxCompletions,
        uint64 deadline,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external nonReentrant {
        _permit(msg.sender, uint256(reward) * maxCompletions, permitDeadline, v, r, s);
        _fund(msg.sender, taskId, reward, maxCompletions, deadline);
    }

    /// @notice Pays the task's reward to `recipient` for `submissionId`.
    /// @dev Only the task's creator or a {RELEASER_ROLE} holder. Reverts with {TaskNotFunded},
    ///      {TaskAlreadyRefunded}, {NotCreatorOrReleaser}, {ZeroRecipient}, {MaxCompletionsExceeded}
    ///      or {SubmissionAlreadyPaid}. Emits {RewardReleased}.
    /// @param taskId The funded task.
    /// @param submissionId Global submission id; each is paid at most once, across all tasks.
    /// @param recipient Receiver of the reward.
    function release(uint256 taskId, uint256 submissionId, address recipient) external nonReentrant {
        _release(taskId, submissionId, recipient);
    }

    /// @notice Pays the task's reward for every `submissionIds[i]` to `recipients[i]`.
    /// @dev Same rules and errors as {release}, plus {EmptyBatch} and {LengthMismatch}; all or nothing.
    ///      Writes the task's paid count once and each bitmap word once per run of ids sharing it,
    ///      then makes one token transfer per payout. Emits one {RewardReleased} per payout.
    /// @param taskId The funded task.
    /// @param submissionIds Global submission ids (sorted ascending ids are cheapest).
    /// @param recipients Receivers, one per submission id.
    function releaseBatch(
        uint256 taskId,
        uint256[] calldata submissionIds,
        address[] calldata recipients
    ) external nonReentrant {
        _releaseBatch(taskId, submissionIds, recipients);
    }

    /// @notice Returns the task's remaining balance to its creator; afterwards it never pays again.
    /// @dev Only the creator, only when `block.timestamp > deadline + reviewWindow`. Reverts with
    ///      {TaskNotFunded}, {NotCreator}, {TaskAlreadyRefunded}, {RefundNotYetAvailable} or
    ///      {NothingToRefund}. Emits {TaskRefunded}.
    /// @param taskId The task to refund.
    function refund(uint256 taskId) external nonReentrant {
        _refund(taskId);
    }

    // ----------------------------------------------------------------------------------------------
    // Views
    // ----------------------------------------------------------------------------------------------

    /// @notice Everything about a task, including its derived remaining balance.
    /// @param taskId The task id; an unfunded id returns a zeroed struct (`creator == address(0)`).
    /// @return info The task.
    function getTask(uint256 taskId) external view returns (TaskInfo memory info) {
        Task memory t = _tasks[taskId];
        info = TaskInfo({
            creator: t.creator,
            reward: t.reward,
            maxCompletions: t.maxCompletions,
            paidCount: t.paidCount,
            deadline: t.deadline,
            refunded: t.refunded,
            remaining: _remaining(t)
        });
    }

    /// @notice Tokens still held for `taskId` (0 when unfunded, refunded or fully paid).
    /// @param taskId The task id.
    /// @return The remaining balance.
    function remainingOf(uint256 taskId) external view returns (uint256) {
        return _remaining(_tasks[taskId]);
    }

    /// @notice Whether `submissionId` was already paid (by any task).
    /// @param submissionId The global submission id.
    /// @return True when paid.
    function isPaid(uint256 submissionId) external view returns (bool) {
        return _paidWords[submissionId >> 8] & (1 << (submissionId & 0xff)) != 0;
    }

    /// @notice The first timestamp at which the creator may refund: `deadline + reviewWindow + 1`.
    /// @param taskId The task id.
    /// @return The timestamp, or 0 when the task was never funded.
    function refundableAt(uint256 taskId) external view returns (uint256) {
        Task storage t = _tasks[taskId];
        if (t.reward == 0) return 0;
        return uint256(t.deadline) + reviewWindow + 1;
    }

    // ----------------------------------------------------------------------------------------------
    // Internal state transitions
    // ----------------------------------------------------------------------------------------------

    /// @dev Unfunded -> Funded. Effects (task record, event) before the pull; the balance delta check
    ///      after it. `nonReentrant` on the callers keeps a re-entering token from inflating the delta.
    function _fund(address creator, uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)
        internal
    {
        if (reward == 0) revert ZeroReward(taskId);
        if (maxCompletions == 0) revert ZeroMaxCompletions(taskId);
        // solhint-disable-next-line gas-strict-inequalities
        if (deadline <= block.timestamp) revert DeadlineNotInFuture(taskId, deadline, block.timestamp);
        Task storage t = _tasks[taskId];
        if (t.reward != 0) revert TaskAlreadyFunded(taskId, t.creator);

        uint256 amount = uint256(reward) * maxCompletions;
        t.reward = reward;
        t.maxCompletions = maxCompletions;
        t.creator = creator;
        t.deadline = deadline;
        emit TaskFunded(taskId, creator, reward, maxCompletions, deadline, amount);

        uint256 balanceBefore = token.balanceOf(address(this));
        token.safeTransferFrom(creator, address(this), amount);
        uint256 received = token.balanceOf(address(this)) - balanceBefore;
        if (received != amount) revert TransferAmountMismatch(taskId, amount, received);
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

    /// @dev Funded -> Funded with one more payout.
    function _release(uint256 taskId, uint256 submissionId, address recipient) internal {
        Task storage t = _tasks[taskId];
        _checkCanRelease(t, taskId);
        if (recipient == address(0)) revert ZeroRecipient(taskId, submissionId);
        uint32 paidCount = t.paidCount;
        uint32 maxCompletions = t.maxCompletions;
        if (paidCount >= maxCompletions) revert MaxCompletionsExceeded(taskId, paidCount, 1, maxCompletions);
        uint256 reward = t.reward;

        uint256 wordIndex = submissionId >> 8;
        uint256 mask = 1 << (submissionId & 0xff);
        uint256 bits = _paidWords[wordIndex];
        if (bits & mask != 0) revert SubmissionAlreadyPaid(submissionId);
        _paidWords[wordIndex] = bits | mask;
        t.paidCount = paidCount + 1;
        emit RewardReleased(taskId, submissionId, recipient, reward, msg.sender);

        token.safeTransfer(recipient, reward);
    }

    /// @dev Funded -> Funded with `n` more payouts. All effects (one paid-count write, one write per
    ///      run of ids sharing a bitmap word, events) happen before the first transfer.
    function _releaseBatch(uint256 taskId, uint256[] calldata submissionIds, address[] calldata recipients)
        internal
    {
        uint256 n = submissionIds.length;
        if (n == 0) revert EmptyBatch(taskId);
        if (n != recipients.length) revert LengthMismatch(n, recipients.length);
        Task storage t = _tasks[taskId];
        _checkCanRelease(t, taskId);
        uint32 paidCount = t.paidCount;
        uint32 maxCompletions = t.maxCompletions;
        if (uint256(paidCount) + n > maxCompletions) {
            revert MaxCompletionsExceeded(taskId, paidCount, n, maxCompletions);
        }
        // Safe: paidCount + n <= maxCompletions, a uint32.
        t.paidCount = uint32(paidCount + n);

        uint256 reward = t.reward;
        _markBatchPaid(taskId, reward, submissionIds, recipients);

        for (uint256 i = 0; i < n; ++i) {
            token.safeTransfer(recipients[i], reward);
        }
    }

    /// @dev Effects of a batch: marks every id paid (one storage write per run of ids sharing a bitmap
    ///      word, so a duplicate inside the batch is caught too) and emits one {RewardReleased} each.
    function _markBatchPaid(
        uint256 taskId,
        uint256 reward,
        uint256[] calldata submissionIds,
        address[] calldata recipients
    ) internal {
        // `submissionId >> 8` is < 2**248, so this sentinel never collides with a real word index.
        uint256 currentWord = type(uint256).max;
        uint256 bits;
        uint256 n = submissionIds.length;
        for (uint256 i = 0; i < n; ++i) {
            uint256 submissionId = submissionIds[i];
            if (recipients[i] == address(0)) revert ZeroRecipient(taskId, submissionId);
            uint256 wordIndex = submissionId >> 8;
            if (wordIndex != currentWord) {
                if (currentWord != type(uint256).max) _paidWords[currentWord] = bits;
                currentWord = wordIndex;
                bits = _paidWords[wordIndex];
            }
            uint256 mask = 1 << (submissionId & 0xff);
            if (bits & mask != 0) revert SubmissionAlreadyPaid(submissionId);
            bits |= mask;
            emit RewardReleased(taskId, submissionId, recipients[i], reward, msg.sender);
        }
        _paidWords[currentWord] = bits;
    }

    /// @dev Funded -> Refunded (terminal).
    function _refund(uint256 taskId) internal {
        Task memory t = _tasks[taskId];
        if (t.reward == 0) revert TaskNotFunded(taskId);
        if (msg.sender != t.creator) revert NotCreator(taskId, msg.sender);
        if (t.refunded) revert TaskAlreadyRefunded(taskId);
        uint256 reviewEnd = uint256(t.deadline) + reviewWindow;
        // solhint-disable-next-line gas-strict-inequalities
        if (block.timestamp <= reviewEnd) revert RefundNotYetAvailable(taskId, reviewEnd + 1, block.timestamp);
        uint256 amount = _remaining(t);
        if (amount == 0) revert NothingToRefund(taskId);

        _tasks[taskId].refunded = true;
        emit TaskRefunded(taskId, t.creator, amount);

        token.safeTransfer(t.creator, amount);
    }

    /// @dev Shared release checks: funded, not refunded, caller is a releaser or the creator. The role
    ///      is checked first so the backend's releases never read the task's second slot.
    function _checkCanRelease(Task storage t, uint256 taskId) internal view {
        if (t.reward == 0) revert TaskNotFunded(taskId);
        if (t.refunded) revert TaskAlreadyRefunded(taskId);
        if (!hasRole(RELEASER_ROLE, msg.sender) && msg.sender != t.creator) {
            revert NotCreatorOrReleaser(taskId, msg.sender);
        }
    }

    /// @dev Derived remaining balance of a task.
    function _remaining(Task memory t) internal pure returns (uint256) {
        if (t.refunded) return 0;
        return uint256(t.reward) * (t.maxCompletions - t.paidCount);
    }
}
