#pragma once
namespace cli {
/// contactlab run SCENE ...: argv as main() got it. Returns the exit code.
int run_command(int argc, char** argv);
}  // namespace cli
