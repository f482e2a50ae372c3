// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title CentToken
/// @author CENT Tasks
/// @notice Stand-in for the production CENT token on local chains and in tests: a plain ERC-20
///         ("CENT", 18 decimals) with ERC-2612 `permit`.
/// @dev The only non-standard function is the open faucet {mint}, which works ONLY on the local
///      development chain id 31337 (Hardhat / anvil) and reverts with {FaucetDisabled} everywhere
///      else, so a copy deployed to a public chain cannot be inflated by anyone.
contract CentToken is ERC20, ERC20Permit {
    /// @notice The chain id on which the open faucet is enabled (Hardhat and anvil).
    uint256 public constant LOCAL_CHAIN_ID = 31337;

    /// @notice The faucet was called on a chain other than {LOCAL_CHAIN_ID}.
    /// @param chainId The chain id the call was made on.
    error FaucetDisabled(uint256 chainId);

    constructor() ERC20("CENT", "CENT") ERC20Permit("CENT") {}

    /// @notice Open faucet for local development: mints `amount` CENT (18 decimals) to `to`.
    /// @dev Reverts with {FaucetDisabled} unless `block.chainid == 31337`. Anyone may call it there.
    /// @param to Recipient of the new tokens.
    /// @param amount Amount in the smallest unit (1 CENT = 1e18).
    function mint(address to, uint256 amount) external {
        if (block.chainid != LOCAL_CHAIN_ID) revert FaucetDisabled(block.chainid);
        _mint(to, amount);
    }
}
