"""Mobile CNN: strided stem, four inverted-residual blocks (1x1 expand, depthwise 3x3, squeeze-excite, 1x1 project; BN eval, hardswish), pooled linear head: (32, 3, 224, 224) -> (32, 1000)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def _bn(c):
    bn = nn.BatchNorm2d(c)
    with torch.no_grad():
        bn.running_mean.copy_(torch.randn(c) * 0.1)
        bn.running_var.copy_(torch.rand(c) + 0.5)
        bn.weight.copy_(torch.rand(c) + 0.5)
        bn.bias.copy_(torch.randn(c) * 0.1)
    return bn


class SqueezeExcite(nn.Module):
    def __init__(self, c, reduced):
        super().__init__()
        self.fc1 = nn.Conv2d(c, reduced, 1)
        self.fc2 = nn.Conv2d(reduced, c, 1)

    def forward(self, x):
        s = torch.mean(x, dim=(2, 3), keepdim=True)
        s = F.hardsigmoid(self.fc2(torch.relu(self.fc1(s))))
        return x * s


class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, expand, stride):
        super().__init__()
        mid = cin * expand
        self.expand = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), _bn(mid), nn.Hardswish())
        self.dw = nn.Sequential(nn.Conv2d(mid, mid, 3, stride=stride, padding=1, groups=mid, bias=False),
                                _bn(mid), nn.Hardswish())
        self.se = SqueezeExcite(mid, max(8, mid // 4))
        self.project = nn.Sequential(nn.Conv2d(mid, cout, 1, bias=False), _bn(cout))
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.project(self.se(self.dw(self.expand(x))))
        return y + x if self.residual else y


class Model(nn.Module):
    def __init__(self, in_channels, base, num_classes):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(in_channels, base, 3, stride=2, padding=1, bias=False),
                                  _bn(base), nn.Hardswish())
        self.blocks = nn.Sequential(
            InvertedResidual(base, base, 4, 1),
            InvertedResidual(base, base * 3 // 2, 4, 2),
            InvertedResidual(base * 3 // 2, base * 3 // 2, 4, 1),
            InvertedResidual(base * 3 // 2, base * 2, 6, 2),
        )
        self.head = nn.Linear(base * 2, num_classes)

    def forward(self, x):
        y = self.blocks(self.stem(x))
        return self.head(torch.mean(y, dim=(2, 3)))


batch_size = 32
in_channels = 3
base = 32
num_classes = 1000
image_size = 224

SMALL = {"batch_size": 2, "base": 8, "num_classes": 10, "image_size": 32}


def get_inputs():
    return [torch.randn(batch_size, in_channels, image_size, image_size)]


def get_init_inputs():
    return [in_channels, base, num_classes]
