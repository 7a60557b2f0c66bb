"""BatchNorm2d in eval mode (running statistics) on x with shape (16, 64, 128, 128)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, num_features):
        super().__init__()
        self.bn = nn.BatchNorm2d(num_features)
        # Non-trivial running statistics and affine parameters so the
        # normalisation actually does something in eval mode.
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.randn(num_features) * 0.1)
            self.bn.running_var.copy_(torch.rand(num_features) + 0.5)
            self.bn.weight.copy_(torch.rand(num_features) + 0.5)
            self.bn.bias.copy_(torch.randn(num_features) * 0.1)

    def forward(self, x):
        return self.bn(x)


batch_size = 16
num_features = 64
height = 128
width = 128

SMALL = {"batch_size": 2, "num_features": 8, "height": 16, "width": 16}


def get_inputs():
    return [torch.randn(batch_size, num_features, height, width)]


def get_init_inputs():
    return [num_features]
