#pragma once
namespace cli {
/// contactlab sweep SCENE --vary ... | contactlab sweep --merge ...: argv as
/// main() got it. Returns the exit code.
int sweep_command(int argc, char** argv);
}  // namespace cli
