// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title ITaskEscrow
/// @author CENT Tasks
/// @notice The events and custom errors of {TaskEscrow}: what the app's indexer decodes from its logs and
///         what its callers decode from its reverts. {TaskEscrow} implements this interface; its ABI lists
///         them exactly as if they were declared in the contract (an ABI does not say where an entry was
///         declared), so moving them here changed no byte of the ABI.
/// @dev Every event carries the escrow key as its first indexed topic:
///      `key = keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline))`.
interface ITaskEscrow {
    // ----------------------------------------------------------------------------------------------
    // Events (the indexer parses these names and topics: indexer/src/chain/escrow-logs.ts)
    // ----------------------------------------------------------------------------------------------

    /// @notice Escrow `key` was funded by `funder` for the app's task `taskId` with
    ///         `amount = reward * maxCompletions`.
    /// @param key keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)).
    /// @param taskId The app's task id (the task JSON's `chainTaskId`), as given by the funder.
    /// @param funder The caller who paid; the only account that can refund this key.
    /// @param reward Amount paid per accepted submission.
    /// @param maxCompletions Maximum number of payouts.
    /// @param deadline Task deadline (unix seconds).
    /// @param amount Tokens pulled into escrow (`reward * maxCompletions`).
    event TaskFunded(
        bytes32 indexed key,
        uint256 indexed taskId,
        address indexed funder,
        uint128 reward,
        uint32 maxCompletions,
        uint64 deadline,
        uint256 amount
    );

    /// @notice `amount` (= the escrow's reward) was paid from escrow `key` to `recipient` for `submissionId`.
    /// @param key The escrow paying.
    /// @param submissionId The app's submission id, now marked paid for this key.
    /// @param recipient Receiver of the payout.
    /// @param amount The escrow's reward.
    event RewardReleased(bytes32 indexed key, uint256 indexed submissionId, address indexed recipient, uint256 amount);

    /// @notice The remaining balance `amount` of escrow `key` was returned to `funder`.
    /// @param key The escrow, now closed.
    /// @param funder The escrow's funder, receiver of the refund.
    /// @param amount Tokens returned.
    event TaskRefunded(bytes32 indexed key, address indexed funder, uint256 amount);

    // ----------------------------------------------------------------------------------------------
    // Errors (each with the arguments that tell the caller what to fix)
    // ----------------------------------------------------------------------------------------------

    /// @notice A constructor address argument (token or admin) was the zero address.
    error ZeroAddress();

    /// @notice `fund` was called with a zero reward.
    /// @param taskId The task id given.
    error ZeroReward(uint256 taskId);

    /// @notice `fund` was called with zero max completions.
    /// @param taskId The task id given.
    error ZeroMaxCompletions(uint256 taskId);

    /// @notice `fund` was called with a deadline that is not strictly in the future.
    /// @param taskId The task id given.
    /// @param deadline The deadline given (unix seconds).
    /// @param currentTime The block's timestamp.
    error DeadlineNotInFuture(uint256 taskId, uint64 deadline, uint256 currentTime);

    /// @notice This funder already funded these exact terms.
    /// @param key The escrow key of the funder and terms.
    error EscrowAlreadyFunded(bytes32 key);

    /// @notice The token moved `received` instead of `expected` into the escrow (e.g. fee-on-transfer).
    /// @param key The escrow being funded.
    /// @param expected `reward * maxCompletions`.
    /// @param received What the escrow's balance grew by.
    error TransferAmountMismatch(bytes32 key, uint256 expected, uint256 received);

    /// @notice `permit` failed and the existing allowance does not cover `amount`.
    /// @param owner The funder who signed the permit.
    /// @param amount `reward * maxCompletions`.
    /// @param allowance The escrow's allowance from `owner` after the failed permit.
    error PermitFailed(address owner, uint256 amount, uint256 allowance);

    /// @notice No escrow was ever funded under `key`.
    /// @param key The key given.
    error EscrowNotFunded(bytes32 key);

    /// @notice Releases of `key` were possible only until `releasableUntil` (deadline + reviewWindow).
    /// @param key The escrow.
    /// @param releasableUntil The last second a release was possible.
    /// @param currentTime The block's timestamp.
    error ReleaseWindowClosed(bytes32 key, uint256 releasableUntil, uint256 currentTime);

    /// @notice `caller` is not the funder of escrow `key`.
    /// @param key The escrow.
    /// @param caller The account that asked for the refund.
    error NotFunder(bytes32 key, address caller);

    /// @notice Escrow `key` was already refunded.
    /// @param key The escrow.
    error EscrowAlreadyRefunded(bytes32 key);

    /// @notice A payout to the zero address was requested.
    /// @param key The escrow.
    /// @param submissionId The submission whose recipient was zero.
    error ZeroRecipient(bytes32 key, uint256 submissionId);

    /// @notice `submissionId` was already paid by escrow `key` (or appears twice in one batch).
    /// @param key The escrow.
    /// @param submissionId The submission id.
    error SubmissionAlreadyPaid(bytes32 key, uint256 submissionId);

    /// @notice Paying `requested` more submissions would exceed `maxCompletions`.
    /// @param key The escrow.
    /// @param paidCount Payouts already made by this key.
    /// @param requested Payouts asked for by this call.
    /// @param maxCompletions The key's maximum number of payouts.
    error MaxCompletionsExceeded(bytes32 key, uint32 paidCount, uint256 requested, uint32 maxCompletions);

    /// @notice `releaseBatch` got arrays of different lengths.
    /// @param submissionIds Length of the submission ids.
    /// @param recipients Length of the recipients.
    error LengthMismatch(uint256 submissionIds, uint256 recipients);

    /// @notice `releaseBatch` got empty arrays.
    /// @param key The escrow.
    error EmptyBatch(bytes32 key);

    /// @notice Refund is possible only from `refundableAt` (= deadline + reviewWindow + 1) on.
    /// @param key The escrow.
    /// @param refundableAt The first second a refund is possible.
    /// @param currentTime The block's timestamp.
    error RefundNotYetAvailable(bytes32 key, uint256 refundableAt, uint256 currentTime);

    /// @notice Every completion was paid: there is nothing left to refund.
    /// @param key The escrow.
    error NothingToRefund(bytes32 key);
}
