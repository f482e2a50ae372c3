// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TaskEscrow} from "../../src/TaskEscrow.sol";

/// @title InvariantProbe (test only)
/// @author CENT Tasks
/// @notice Reads everything the property tests check after each step in ONE eth_call.
contract InvariantProbe {
    /// @notice Escrow token balance, escrows, holder balances and paid flags in one call.
    /// @param escrow The escrow.
    /// @param keys Escrow keys to read.
    /// @param holders Accounts whose token balance to read.
    /// @param submissionIds Submission ids whose paid flag to read, for every key.
    /// @return escrowBalance Token balance of the escrow.
    /// @return escrows The escrows, in `keys` order.
    /// @return balances Token balances, in `holders` order.
    /// @return paid Paid flags, `paid[k * submissionIds.length + i]` = isPaid(keys[k], submissionIds[i]).
    function probe(
        TaskEscrow escrow,
        bytes32[] calldata keys,
        address[] calldata holders,
        uint256[] calldata submissionIds
    )
        external
        view
        returns (
            uint256 escrowBalance,
            TaskEscrow.EscrowInfo[] memory escrows,
            uint256[] memory balances,
            bool[] memory paid
        )
    {
        IERC20 token = escrow.token();
        escrowBalance = token.balanceOf(address(escrow));
        escrows = new TaskEscrow.EscrowInfo[](keys.length);
        for (uint256 k = 0; k < keys.length; ++k) escrows[k] = escrow.getEscrow(keys[k]);
        balances = new uint256[](holders.length);
        for (uint256 i = 0; i < holders.length; ++i) balances[i] = token.balanceOf(holders[i]);
        uint256 n = submissionIds.length;
        paid = new bool[](keys.length * n);
        for (uint256 k = 0; k < keys.length; ++k) {
            for (uint256 i = 0; i < n; ++i) paid[k * n + i] = escrow.isPaid(keys[k], submissionIds[i]);
        }
    }
}
