// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TaskEscrow} from "../TaskEscrow.sol";

/// @title InvariantProbe (test only)
/// @author CENT Tasks
/// @notice Reads everything the property tests check after each step in ONE eth_call.
contract InvariantProbe {
    /// @notice Escrow token balance, tasks, holder balances and paid flags in one call.
    /// @param escrow The escrow.
    /// @param taskIds Tasks to read.
    /// @param holders Accounts whose token balance to read.
    /// @param submissionIds Submission ids whose paid flag to read.
    /// @return escrowBalance Token balance of the escrow.
    /// @return tasks The tasks, in `taskIds` order.
    /// @return balances Token balances, in `holders` order.
    /// @return paid Paid flags, in `submissionIds` order.
    function probe(
        TaskEscrow escrow,
        uint256[] calldata taskIds,
        address[] calldata holders,
        uint256[] calldata submissionIds
    )
        external
        view
        returns (
            uint256 escrowBalance,
            TaskEscrow.TaskInfo[] memory tasks,
            uint256[] memory balances,
            bool[] memory paid
        )
    {
        IERC20 token = escrow.token();
        escrowBalance = token.balanceOf(address(escrow));
        tasks = new TaskEscrow.TaskInfo[](taskIds.length);
        for (uint256 i = 0; i < taskIds.length; ++i) tasks[i] = escrow.getTask(taskIds[i]);
        balances = new uint256[](holders.length);
        for (uint256 i = 0; i < holders.length; ++i) balances[i] = token.balanceOf(holders[i]);
        paid = new bool[](submissionIds.length);
        for (uint256 i = 0; i < submissionIds.length; ++i) paid[i] = escrow.isPaid(submissionIds[i]);
    }
}
